import type { WheelPrize, WheelSpin, WheelState } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { activeAccountCurrency } from '../wallet/public.ts';
import { athensDay, nextAthensMidnight } from './day.ts';
import { minimumDeposit } from './grant-spin.ts';
import type { WheelRules } from './prizes.ts';
import type { SpinRow } from './spin.ts';

const w = schema.wheelSpins;

/** A spin made, as the API shows it: its seed revealed, so anyone can recompute the sector. */
export function presentSpin(row: SpinRow, rules: WheelRules): WheelSpin {
  if (row.spunAt === null || row.sector === null || row.clientSeed === null)
    throw new Error(`wheel spin ${row.id} is not spun yet: its seed stays secret`);
  return {
    id: row.id,
    day: row.day,
    sector: row.sector,
    sector_count: rules.sectorCount,
    prize: row.prize as WheelPrize,
    server_seed: row.serverSeed,
    server_seed_hash: row.serverSeedHash,
    client_seed: row.clientSeed,
    nonce: row.nonce,
    spun_at: row.spunAt.toISOString(),
  };
}

/**
 * GET /player/wheel: today's spin (earned or not, used or not) with the committed seed's hash, and the
 * last spin made. The seed of a spin not yet made is never in the answer, nor the secret sector's prize.
 */
export async function wheelState(
  db: Db,
  playerId: string,
  rules: WheelRules,
  now: Date,
): Promise<WheelState> {
  const [today] = await db
    .select()
    .from(w)
    .where(and(eq(w.playerId, playerId), eq(w.day, athensDay(now))));
  const [last] = await db
    .select()
    .from(w)
    .where(and(eq(w.playerId, playerId), isNotNull(w.spunAt)))
    .orderBy(desc(w.spunAt))
    .limit(1);
  const currency = (await activeAccountCurrency(db, playerId)) ?? 'EUR';
  const ready = today !== undefined && today.spunAt === null;
  return {
    can_spin: ready,
    reason: ready ? null : today ? 'spun_today' : 'deposit_required',
    seed_hash: ready ? today.serverSeedHash : null,
    nonce: ready ? today.nonce : null,
    next_spin_at: today?.spunAt ? nextAthensMidnight(now).toISOString() : null,
    promo_code: rules.promoCode,
    min_deposit_cents: (await minimumDeposit(db, rules, currency)) ?? 0,
    currency,
    last_spin: last ? presentSpin(last, rules) : null,
  };
}
