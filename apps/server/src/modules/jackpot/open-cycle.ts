import type { JackpotTierId } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import type { Wallet } from '../wallet/public.ts';
import { drawCycle } from './draw.ts';

/**
 * Starts a tier's next cycle: a new drop point committed by its hash, and the seed booked from the
 * operator's jackpot seed pool to the tier's account, in the caller's transaction. A second instance
 * starting the same cycle meets the one-open index and books nothing. Returns the cycle, or null then.
 */
export async function openCycle(
  db: Db,
  wallet: Wallet,
  tier: {
    currency: string;
    tier: JackpotTierId;
    accountId: number;
    seedCents: number;
    mustDropCents: number;
  },
  number: number,
  afterTransaction: number,
  now: Date,
) {
  const draw = drawCycle(tier.seedCents, tier.mustDropCents);
  const [cycle] = await db
    .insert(schema.jackpotCycles)
    .values({
      currency: tier.currency,
      tier: tier.tier,
      number,
      seedCents: tier.seedCents,
      mustDropCents: tier.mustDropCents,
      serverSeed: draw.serverSeed,
      seedHash: draw.seedHash,
      dropCents: draw.dropCents,
      afterTransaction,
      openedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!cycle) return null;
  const ledger = wallet.using(db).ledger;
  const pool = await ledger.systemAccount('jackpot_seed', tier.currency);
  const booking = await ledger.book({
    key: `jackpot:seed:${tier.currency}:${tier.tier}:${number}`,
    fingerprint: { kind: 'jackpot_seed', currency: tier.currency, tier: tier.tier, number },
    kind: 'jackpot_seed',
    playerId: null,
    currency: tier.currency,
    amount: tier.seedCents,
    legs: [
      { account: pool, amount: -tier.seedCents, tracked: false },
      { account: tier.accountId, amount: tier.seedCents, tracked: false },
    ],
  });
  if (booking.status === 'conflict') throw new Error(`jackpot seed ${tier.tier} ${number}: key conflict`);
  return cycle;
}
