import type { PlayerLimit } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { type LimitKind, type LimitPeriod, limitWindowHours } from '@chrysos/rules';
import { and, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

export type LimitRow = typeof schema.playerLimits.$inferSelect;

const hourMs = 60 * 60 * 1000;

/**
 * A limit as it stands at `now`: a raise or removal whose 24 hours have passed counts as applied even
 * before a write stores it (ledger_try_book reads the row the same way). Null: removed.
 */
export function effectiveLimit(row: LimitRow, now: Date): LimitRow | null {
  if (!row.effectiveAt || row.effectiveAt > now) return row;
  if (row.pendingRemoval) return null;
  if (row.pendingAmount !== null) {
    return {
      ...row,
      amount: row.pendingAmount,
      pendingAmount: null,
      effectiveAt: null,
      updatedAt: row.effectiveAt,
    };
  }
  return row;
}

/** The start of a money limit's rolling window (decision 22). */
export function windowStart(period: LimitPeriod, now: Date): Date {
  const hours = period === 'session' ? 0 : limitWindowHours[period];
  return new Date(now.getTime() - hours * hourMs);
}

/** What the player deposited, staked or lost in the window: the figure ledger_try_book enforces. */
export async function usedOf(
  db: Db,
  playerId: string,
  currency: string,
  kind: Exclude<LimitKind, 'session'>,
  since: Date,
): Promise<number> {
  const { rows } = (await db.execute(
    sql`select player_limit_used(${playerId}::uuid, ${currency}, ${kind}, ${since.toISOString()}::timestamptz) as used`,
  )) as unknown as { rows: { used: string | number }[] };
  return Number(rows[0]?.used ?? 0);
}

/** The player's limits, each as it stands at `now`, oldest first. */
export async function limitRows(db: Db, playerId: string, now: Date): Promise<LimitRow[]> {
  const rows = await db
    .select()
    .from(schema.playerLimits)
    .where(eq(schema.playerLimits.playerId, playerId))
    .orderBy(schema.playerLimits.createdAt);
  return rows.flatMap((row) => effectiveLimit(row, now) ?? []);
}

/**
 * A limit as the player reads it: used and remaining in its current window (a session limit: minutes
 * of the current sign-in session, when it is known).
 */
export async function presentLimit(
  db: Db,
  row: LimitRow,
  now: Date,
  sessionStartedAt?: Date | null,
): Promise<PlayerLimit> {
  let used = 0;
  if (row.kind === 'session') {
    used = sessionStartedAt ? Math.floor((now.getTime() - sessionStartedAt.getTime()) / 60_000) : 0;
  } else if (row.currency) {
    used = await usedOf(db, row.playerId, row.currency, row.kind, windowStart(row.period, now));
  }
  used = Math.max(0, used);
  return {
    kind: row.kind,
    period: row.period,
    currency: row.currency,
    amount: row.amount,
    used,
    remaining: Math.max(0, row.amount - used),
    pending_amount: row.pendingAmount,
    pending_removal: row.pendingRemoval,
    effective_at: row.effectiveAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** How much more the player may deposit in the currency now; null when no deposit limit holds. */
export async function depositAllowance(db: Db, playerId: string, currency: string, now: Date) {
  const rows = await db
    .select()
    .from(schema.playerLimits)
    .where(
      and(
        eq(schema.playerLimits.playerId, playerId),
        eq(schema.playerLimits.currency, currency),
        eq(schema.playerLimits.kind, 'deposit'),
      ),
    );
  let remaining: number | null = null;
  for (const stored of rows) {
    const row = effectiveLimit(stored, now);
    if (!row) continue;
    const used = await usedOf(db, playerId, currency, 'deposit', windowStart(row.period, now));
    const left = Math.max(0, row.amount - used);
    remaining = remaining === null ? left : Math.min(remaining, left);
  }
  return remaining;
}

/** Refuses a deposit over a deposit limit (compliance.deposit_limit with what is left), before the provider is asked. */
export async function checkDepositLimit(
  db: Db,
  playerId: string,
  currency: string,
  amount: number,
  now: Date,
) {
  const remaining = await depositAllowance(db, playerId, currency, now);
  if (remaining !== null && amount > remaining) {
    throw new AppError('compliance.deposit_limit', {
      field: 'amount_cents',
      params: { remaining, currency },
    });
  }
}

/** The player's session-time limit in minutes at `now`, or null. */
export async function sessionLimitMinutes(db: Db, playerId: string, now: Date): Promise<number | null> {
  const [stored] = await db
    .select()
    .from(schema.playerLimits)
    .where(
      and(
        eq(schema.playerLimits.playerId, playerId),
        eq(schema.playerLimits.kind, 'session'),
        isNull(schema.playerLimits.currency),
      ),
    );
  const row = stored && effectiveLimit(stored, now);
  return row ? row.amount : null;
}

/**
 * The player's session-time limit in force at `at`, minutes or null, as a sub-select on the caller's
 * player column (a raise or removal counts once its 24 hours are over): for the session lookup every
 * signed-in request makes, one statement. Pass the column qualified with its table, or inside this
 * sub-select it binds to the limit row's own player_id (issue 31 item 1).
 */
export function sessionLimitMinutesSql(playerId: SQLWrapper, at: SQLWrapper): SQL<number | null> {
  return sql<number | null>`(
    select case
      when l.pending_removal and l.effective_at <= ${at}::timestamptz then null
      when l.pending_amount is not null and l.effective_at <= ${at}::timestamptz then l.pending_amount
      else l.amount end
    from player_limits l
    where l.player_id = ${playerId} and l.kind = 'session' and l.currency is null
  )`.mapWith((value) => (value === null ? null : Number(value)));
}
