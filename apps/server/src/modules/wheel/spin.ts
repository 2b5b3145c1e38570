import { randomBytes } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { bonusAmountOf, grantPrizeCampaign } from '../bonuses/public.ts';
import { awardCompPoints } from '../loyalty/public.ts';
import type { Wallet } from '../wallet/public.ts';
import { activeAccountCurrency } from '../wallet/public.ts';
import { athensDay, nextAthensMidnight } from './day.ts';
import { drawSector } from './draw.ts';
import { minimumDeposit } from './grant-spin.ts';
import { sectorPrizes, type WheelRules } from './prizes.ts';

const w = schema.wheelSpins;
export type SpinRow = typeof w.$inferSelect;

/** What a spin paid, as the API shows it (contract WheelPrize). */
export interface PaidPrize {
  kind: 'freespins' | 'bonus' | 'comp_points' | 'nothing';
  amount_cents?: number;
  currency?: string;
  spins?: number;
  points?: number;
  secret: boolean;
}

export interface SpinDeps {
  wallet: Wallet;
  events: Pick<EventBus, 'publish'>;
  rules: WheelRules;
  now: Date;
}

/**
 * POST /player/wheel/spin: spends the day's spin. Under the row's lock, so two spins at once make one
 * (the other finds it spun); with an Idempotency-Key the same request again answers the spin it made.
 * The sector is drawn from the seed committed when the spin was earned, the player's seed and the
 * nonce, and its prize is paid in the same transaction that records the spin: a spin is never recorded
 * without its prize, nor paid twice (the prize's source is the spin).
 */
export async function spinWheel(
  db: Db,
  deps: SpinDeps,
  playerId: string,
  request: { clientSeed: string | undefined; idempotencyKey: string | undefined },
): Promise<SpinRow> {
  const { idempotencyKey } = request;
  if (idempotencyKey) {
    const [earlier] = await db
      .select()
      .from(w)
      .where(and(eq(w.playerId, playerId), eq(w.idempotencyKey, idempotencyKey), isNotNull(w.spunAt)));
    if (earlier) return earlier;
  }
  const day = athensDay(deps.now);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(w)
      .where(and(eq(w.playerId, playerId), eq(w.day, day)))
      .for('update');
    if (!row) {
      const currency = (await activeAccountCurrency(tx, playerId)) ?? 'EUR';
      throw new AppError('wheel.deposit_required', {
        params: {
          code: deps.rules.promoCode,
          amount: (await minimumDeposit(tx, deps.rules, currency)) ?? 0,
          currency,
        },
      });
    }
    if (row.spunAt) {
      // The same request again, made while the first held the lock: the spin it made.
      if (idempotencyKey && row.idempotencyKey === idempotencyKey) return row;
      throw new AppError('wheel.already_spun', {
        params: { next_at: nextAthensMidnight(deps.now).toISOString() },
      });
    }
    const clientSeed = request.clientSeed ?? randomBytes(16).toString('hex');
    const sector = drawSector(row.serverSeed, clientSeed, row.nonce, deps.rules.sectorCount);
    const prize = await payPrize(tx, deps, row, sector);
    const [spun] = await tx
      .update(w)
      .set({ clientSeed, sector, prize, idempotencyKey: idempotencyKey ?? null, spunAt: deps.now })
      .where(eq(w.id, row.id))
      .returning();
    if (!spun) throw new Error(`wheel spin ${row.id} vanished`);
    await deps.events.publish(tx, 'wheel.spun', { spinId: row.id, playerId, sector });
    return spun;
  });
}

async function payPrize(tx: Db, deps: SpinDeps, row: SpinRow, sector: number): Promise<PaidPrize> {
  const prize = sectorPrizes[sector];
  const secret = sector === deps.rules.secretSector;
  const source = `wheel:${row.id}`;
  if (!prize || prize.kind === 'nothing') return { kind: 'nothing', secret };
  if (prize.kind === 'comp_points') {
    await awardCompPoints(tx, deps.events, {
      playerId: row.playerId,
      points: prize.points,
      reason: 'wheel',
      key: source,
      now: deps.now,
    });
    return { kind: 'comp_points', points: prize.points, secret };
  }
  const granted = await grantPrizeCampaign(tx, deps, {
    playerId: row.playerId,
    currency: row.currency,
    campaignId: prize.campaign,
    source,
    now: deps.now,
  });
  if (prize.kind === 'freespins') {
    return { kind: 'freespins', spins: granted.freespins.length > 0 ? prize.spins : 0, secret };
  }
  const amount = granted.bonuses[0] ? await bonusAmountOf(tx, granted.bonuses[0]) : undefined;
  return { kind: 'bonus', amount_cents: amount ?? 0, currency: row.currency, secret };
}
