import { type Db, schema } from '@chrysos/db';
import type { LimitKind, LimitPeriod } from '@chrysos/rules';
import { isOfferedLimit, limitCoolingOffHours } from '@chrysos/rules';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { heldCurrencies } from '../wallet/public.ts';
import { recordAudit } from './audit-log.ts';
import type { LimitRaiseRequested } from './events.ts';
import { effectiveLimit, type LimitRow } from './read-limits.ts';

/** Who changes a limit and from where (the audit trail's who and from where). */
export interface LimitActor {
  playerId: string;
  ip: string;
}

const coolingOffMs = limitCoolingOffHours * 60 * 60 * 1000;

/** Told, in the transaction, of a raise the player asked for (the risk watch hears of it as an event). */
export type RaiseRequested = (tx: Db, raise: LimitRaiseRequested) => Promise<void>;

/** The limit's kind, period and currency, checked against the licence and the player's accounts. */
async function limitKey(
  db: Db,
  licence: string,
  playerId: string,
  request: { kind: LimitKind; period: LimitPeriod; currency?: string | undefined },
) {
  if (!isOfferedLimit(licence, request.kind, request.period)) {
    throw new AppError('compliance.limit_not_offered', { field: 'period' });
  }
  if (request.kind === 'session') return { kind: request.kind, period: request.period, currency: null };
  const currency = request.currency;
  if (!currency)
    throw new AppError('compliance.limit_currency', { field: 'currency', params: { currency: '' } });
  if (!(await heldCurrencies(db, playerId)).includes(currency))
    throw new AppError('compliance.limit_currency', { field: 'currency', params: { currency } });
  return { kind: request.kind, period: request.period, currency };
}

type Key = Awaited<ReturnType<typeof limitKey>>;

/**
 * The stored row of a limit, locked until the transaction ends, with a raise or removal that is due
 * written first (so what follows starts from the limit as it stands). Null when there is none. Writing a
 * due change is recorded in the audit trail (actor system, with the moment it took effect).
 */
async function lockedLimit(tx: Db, playerId: string, key: Key, now: Date): Promise<LimitRow | null> {
  const [row] = await tx
    .select()
    .from(schema.playerLimits)
    .where(
      and(
        eq(schema.playerLimits.playerId, playerId),
        eq(schema.playerLimits.kind, key.kind),
        eq(schema.playerLimits.period, key.period),
        key.currency === null
          ? isNull(schema.playerLimits.currency)
          : eq(schema.playerLimits.currency, key.currency),
      ),
    )
    .for('update');
  if (!row) return null;
  const current = effectiveLimit(row, now);
  if (current === row) return row;
  const effectiveAt = row.effectiveAt?.toISOString() ?? null;
  if (!current) {
    await tx.delete(schema.playerLimits).where(eq(schema.playerLimits.id, row.id));
    await recordAudit(tx, {
      at: now,
      actor: 'system',
      action: 'limit.removed',
      playerId,
      details: { ...details(row), applied_at: effectiveAt },
    });
    return null;
  }
  const [stored] = await tx
    .update(schema.playerLimits)
    .set({ amount: current.amount, pendingAmount: null, effectiveAt: null, updatedAt: current.updatedAt })
    .where(eq(schema.playerLimits.id, row.id))
    .returning();
  if (stored) {
    await recordAudit(tx, {
      at: now,
      actor: 'system',
      action: 'limit.raise_applied',
      playerId,
      details: { ...details(stored), previous: row.amount, applied_at: effectiveAt },
    });
  }
  return stored ?? null;
}

const details = (row: LimitRow) => ({
  kind: row.kind,
  period: row.period,
  currency: row.currency,
  amount: row.amount,
  pending_amount: row.pendingAmount,
  pending_removal: row.pendingRemoval,
  effective_at: row.effectiveAt?.toISOString() ?? null,
});

/**
 * Sets a limit (spec: responsible gaming): a new limit or a lower one applies at once (and drops any
 * pending raise or removal); a higher one waits 24 hours as pending. Setting the amount in force again
 * keeps it and drops what was pending.
 */
export async function setLimit(
  db: Db,
  licence: string,
  actor: LimitActor,
  request: { kind: LimitKind; period: LimitPeriod; currency?: string | undefined; amount: number },
  now: Date,
  raiseRequested: RaiseRequested,
): Promise<LimitRow> {
  const key = await limitKey(db, licence, actor.playerId, request);
  return db.transaction(async (tx) => {
    const row = await lockedLimit(tx, actor.playerId, key, now);
    let stored: LimitRow | undefined;
    let action: string;
    if (!row) {
      [stored] = await tx
        .insert(schema.playerLimits)
        .values({ playerId: actor.playerId, ...key, amount: request.amount, createdAt: now, updatedAt: now })
        .returning();
      action = 'limit.set';
    } else if (request.amount <= row.amount) {
      [stored] = await tx
        .update(schema.playerLimits)
        .set({
          amount: request.amount,
          pendingAmount: null,
          pendingRemoval: false,
          effectiveAt: null,
          updatedAt: now,
        })
        .where(eq(schema.playerLimits.id, row.id))
        .returning();
      action = request.amount < row.amount ? 'limit.lowered' : 'limit.kept';
    } else {
      [stored] = await tx
        .update(schema.playerLimits)
        .set({
          pendingAmount: request.amount,
          pendingRemoval: false,
          effectiveAt: new Date(now.getTime() + coolingOffMs),
          updatedAt: now,
        })
        .where(eq(schema.playerLimits.id, row.id))
        .returning();
      action = 'limit.raise_requested';
      await raiseRequested(tx, {
        playerId: actor.playerId,
        kind: row.kind,
        period: row.period,
        currency: row.currency,
        amount: row.amount,
        requested: request.amount,
      });
    }
    if (!stored) throw new Error('limit not stored');
    await recordAudit(tx, {
      at: now,
      actor: `player:${actor.playerId}`,
      action,
      playerId: actor.playerId,
      details: { ...details(stored), previous: row?.amount ?? null },
      ip: actor.ip,
    });
    return stored;
  });
}

/** Removes a limit after 24 hours: until then it holds, shown as pending removal. */
export async function removeLimit(
  db: Db,
  licence: string,
  actor: LimitActor,
  request: { kind: LimitKind; period: LimitPeriod; currency?: string | undefined },
  now: Date,
): Promise<LimitRow> {
  const key = await limitKey(db, licence, actor.playerId, request);
  return db.transaction(async (tx) => {
    const row = await lockedLimit(tx, actor.playerId, key, now);
    if (!row) throw new AppError('compliance.limit_not_found');
    if (row.pendingRemoval) return row;
    const [stored] = await tx
      .update(schema.playerLimits)
      .set({
        pendingAmount: null,
        pendingRemoval: true,
        effectiveAt: new Date(now.getTime() + coolingOffMs),
        updatedAt: now,
      })
      .where(eq(schema.playerLimits.id, row.id))
      .returning();
    if (!stored) throw new Error('limit not stored');
    await recordAudit(tx, {
      at: now,
      actor: `player:${actor.playerId}`,
      action: 'limit.removal_requested',
      playerId: actor.playerId,
      details: details(stored),
      ip: actor.ip,
    });
    return stored;
  });
}

/** Cancels a pending raise or removal: the limit in force stays as it is. */
export async function cancelPendingLimit(
  db: Db,
  licence: string,
  actor: LimitActor,
  request: { kind: LimitKind; period: LimitPeriod; currency?: string | undefined },
  now: Date,
): Promise<LimitRow> {
  const key = await limitKey(db, licence, actor.playerId, request);
  return db.transaction(async (tx) => {
    const row = await lockedLimit(tx, actor.playerId, key, now);
    if (!row || (row.pendingAmount === null && !row.pendingRemoval)) {
      throw new AppError('compliance.limit_not_found');
    }
    const [stored] = await tx
      .update(schema.playerLimits)
      .set({ pendingAmount: null, pendingRemoval: false, effectiveAt: null, updatedAt: now })
      .where(eq(schema.playerLimits.id, row.id))
      .returning();
    if (!stored) throw new Error('limit not stored');
    await recordAudit(tx, {
      at: now,
      actor: `player:${actor.playerId}`,
      action: 'limit.pending_cancelled',
      playerId: actor.playerId,
      details: details(stored),
      ip: actor.ip,
    });
    return stored;
  });
}
