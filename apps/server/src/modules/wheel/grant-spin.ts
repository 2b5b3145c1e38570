import { type Db, schema } from '@chrysos/db';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvent, EventBus } from '../../platform/events.ts';
import { exclusionInForce } from '../compliance/public.ts';
import { euroEquivalentIn } from '../info/public.ts';
import { athensDay } from './day.ts';
import { newServerSeed } from './draw.ts';
import type { WheelRules } from './prizes.ts';

/** The page's minimum deposit (`minDepSpin` euros) in a currency's minor units; null where it has no equivalent. */
export async function minimumDeposit(db: Db, rules: WheelRules, currency: string): Promise<number | null> {
  return (await euroEquivalentIn(db, Math.round(rules.minDepSpin * 100), currency)) ?? null;
}

/** Whether a code typed in the cashier is the wheel's (case and spaces aside, as bonus codes are). */
export const isWheelCode = (rules: WheelRules, code: string | null | undefined): boolean =>
  !!code && code.trim().toUpperCase() === rules.promoCode.trim().toUpperCase();

/**
 * A deposit made with the wheel's code, of at least the page's minimum, earns the spin of the Athens day
 * it is credited on (the product clock's), with its server seed drawn now and committed to by its hash.
 * Once: one spin per payment (a replayed event grants nothing more) and one per player and day (a second
 * qualifying deposit the same day gives no second spin).
 */
export async function grantSpin(
  tx: Db,
  deps: { events: Pick<EventBus, 'publish'>; rules: WheelRules; now: Date; log: FastifyBaseLogger },
  event: DomainEvent<'cashier.deposit_succeeded'>,
): Promise<void> {
  const { playerId, currency, amount, paymentId, bonusCode } = event.payload;
  if (!isWheelCode(deps.rules, bonusCode)) return;
  // A deposit started before a break or self-exclusion and paid during it earns no spin (issue 31 item 2).
  if (await exclusionInForce(tx, playerId, deps.now)) {
    deps.log.info({ paymentId }, 'wheel spin withheld: the player is excluded');
    return;
  }
  const minimum = await minimumDeposit(tx, deps.rules, currency);
  if (minimum === null || amount < minimum) {
    deps.log.info({ paymentId, amount, minimum }, 'deposit with the wheel code below its minimum: no spin');
    return;
  }
  const [spins] = await tx
    .select({ n: count() })
    .from(schema.wheelSpins)
    .where(eq(schema.wheelSpins.playerId, playerId));
  const [row] = await tx
    .insert(schema.wheelSpins)
    .values({
      playerId,
      day: athensDay(deps.now),
      paymentId,
      currency,
      nonce: (spins?.n ?? 0) + 1,
      ...newServerSeed(),
      grantedAt: deps.now,
    })
    .onConflictDoNothing()
    .returning({ id: schema.wheelSpins.id });
  if (row) await deps.events.publish(tx, 'wheel.spin_granted', { spinId: row.id, playerId });
}
