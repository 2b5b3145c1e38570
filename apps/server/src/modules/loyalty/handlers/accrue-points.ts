import type { Db } from '@chrysos/db';
import { defineHandler, type EventHandler, perBatch } from '../../../platform/events.ts';
import { euroEquivalentIn } from '../../info/public.ts';
import { bookEntries, type PlayPoints } from '../entries.ts';
import { settleDepsOf, settleStandings, standingOf } from '../settle.ts';

/** Millionths of a point per euro cent staked: 1 point per €10 on slots, 10 % of that elsewhere. */
const slotWeight = 1_000n;
const otherWeight = 100n;
/** Categories that earn in full (the bonus terms' slots); every other game earns a tenth. */
const slotCategories = ['slots', 'classic-slots'];
/** The euro amount whose equivalent gives a currency's rate (€1,000: enough digits for any currency). */
const rateEuroCents = 100_000;

/** What a stake of `real` minor units earns, in millionths of a point: exact, rounded down. */
export function stakePoints(real: number, slot: boolean, minorPerRateEuros: number): number {
  const weight = slot ? slotWeight : otherWeight;
  return Number((BigInt(real) * BigInt(rateEuroCents) * weight) / BigInt(minorPerRateEuros));
}

/**
 * Comp points from the wallet's events (content/loyalty: 1 point per €10 staked with real money on
 * slots, 10 % of that on table games and dice; bonus money and free spins earn none; a rolled-back bet
 * gives its points back), other currencies by their euro equivalent. The events of one batch are booked
 * in one statement, in the batch's transaction, which also moves the handler past them: counted once
 * under retries and crashes. No entry per bet is stored (the ledger holds the bets): the points go to
 * the day's sum and the balance. The players whose points moved are then
 * settled (level, groups) and pushed on comps_award, once each per batch.
 */
export const accruePoints = defineHandler({
  name: 'loyalty.comp-points',
  follows: ['wallet.bet_booked', 'wallet.rollback_booked'],
  handle: (app) => {
    const deps = settleDepsOf(app);
    const isSlot = async (db: Db, code: string | null): Promise<boolean> => {
      const game = await app.gameFacts.of(db, code);
      return game?.categories.some((category) => slotCategories.includes(category)) ?? false;
    };

    const rates = new Map<string, number | null>();
    const rateOf = async (db: Db, currency: string): Promise<number | null> => {
      const known = rates.get(currency);
      if (known !== undefined) return known;
      const rate = (await euroEquivalentIn(db, rateEuroCents, currency)) ?? null;
      rates.set(currency, rate && rate > 0 ? rate : null);
      return rates.get(currency) ?? null;
    };

    // A batch's points booked in one statement, which also says where its players stand; then they are
    // settled (levels, pushes) once.
    const accrued = perBatch<PlayPoints & { eventId: string }>('loyalty.accrue', async (context, entries) => {
      const booked = await bookEntries(context.db, entries, app.clock.now());
      await settleStandings(context, deps, booked.map(standingOf), entries[0]?.eventId ?? '');
    });

    const handleStake: EventHandler<'wallet.bet_booked' | 'wallet.rollback_booked'> = async (
      event,
      context,
    ) => {
      const p = event.payload;
      // Only the real-money part of a stake earns: a free spin's bet moves none.
      if (p.real <= 0) return;
      const rate = await rateOf(context.db, p.currency);
      if (rate === null) return;
      const points = stakePoints(p.real, await isSlot(context.db, p.gameCode), rate);
      if (points === 0) return;
      accrued(context, {
        eventId: event.id,
        playerId: p.playerId,
        kind: 'play',
        microPoints: event.name === 'wallet.rollback_booked' ? -points : points,
        at: event.occurredAt,
      });
    };
    return handleStake;
  },
});
