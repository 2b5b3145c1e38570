import { type DomainEvent, defineHandler } from '../../../platform/events.ts';
import { type OwedCall, oweCalls } from '../owe-calls.ts';
import { affiliateTagOf, referralOf } from '../referred-players.ts';

/**
 * What a referred player's registration and deposits owe the affiliate service (issue 37): the tracking
 * pixel on registration and on the first deposit, and a postback for the registration, the first deposit
 * and every deposit. Owed in the handler's transaction under idempotency keys, so an event delivered
 * twice owes each call once; the `affiliates.send` job sends them. A player who came without an
 * affiliate tag owes nothing.
 */
export const oweAffiliateCalls = defineHandler({
  name: 'affiliates.owe-calls',
  follows: ['auth.player_registered', 'cashier.deposit_succeeded'],
  handle:
    (app) => async (event: DomainEvent<'auth.player_registered' | 'cashier.deposit_succeeded'>, context) => {
      const { playerId } = event.payload;
      const calls: OwedCall[] = [];
      if (event.name === 'auth.player_registered') {
        const tags = event.payload.referralParams;
        if (!affiliateTagOf(tags)) return;
        const params = { ...tags, player_id: playerId, event: 'registration' };
        calls.push(
          { idempotencyKey: `pixel:registration:${playerId}`, kind: 'pixel', playerId, params },
          { idempotencyKey: `registration:${playerId}`, kind: 'registration', playerId, params },
        );
      } else {
        const tags = await referralOf(context.db, playerId);
        if (!tags) return;
        const { paymentId, amount, currency } = event.payload;
        const figures = {
          player_id: playerId,
          transaction_id: paymentId,
          amount_cents: String(amount),
          currency,
        };
        calls.push({
          idempotencyKey: `deposit:${paymentId}`,
          kind: 'deposit',
          playerId,
          params: { ...tags, ...figures, event: 'deposit' },
        });
        if ((await app.paymentFacts.depositsBefore(context.db, playerId, paymentId)) === 0) {
          const first = { ...tags, ...figures, event: 'first_deposit' };
          calls.push(
            { idempotencyKey: `pixel:first_deposit:${playerId}`, kind: 'pixel', playerId, params: first },
            { idempotencyKey: `first_deposit:${playerId}`, kind: 'first_deposit', playerId, params: first },
          );
        }
      }
      await oweCalls(context.db, calls, app.clock.now());
    },
});
