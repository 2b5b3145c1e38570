import { defineHandler } from '../../../platform/events.ts';
import { raiseCase } from '../raise-case.ts';

/**
 * A player asking to raise a deposit, loss or wager limit is a safer-gambling marker (issue 38): the
 * raise still waits out its cooling-off period, and a case lets an operator reach the player first.
 */
export const watchLimitRaises = defineHandler({
  name: 'risk.limit-raises',
  follows: ['compliance.limit_raise_requested'],
  handle: (app) => async (event, context) => {
    const { playerId, kind, period, currency, amount, requested } = event.payload;
    await raiseCase(
      context.db,
      {
        playerId,
        kind: 'limit_raise',
        facts: { limit: kind, period, currency: currency ?? '', from: amount, to: requested },
      },
      app.clock.now(),
    );
  },
});
