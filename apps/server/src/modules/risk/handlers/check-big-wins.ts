import { defineHandler } from '../../../platform/events.ts';
import { euroEquivalentIn } from '../../info/public.ts';
import { transactionByKey } from '../../wallet/public.ts';
import { raiseCase } from '../raise-case.ts';

/**
 * The big-win check (issue 38): a game win of BIG_WIN_REVIEW_EURO_CENTS or more (its equivalent in
 * the win's currency), or of BIG_WIN_REVIEW_MULTIPLIER times its stake or more, raises a case for a
 * person to look at the round before the money leaves. A free spin's win has no stake to multiply.
 */
export const checkBigWins = defineHandler({
  name: 'risk.big-wins',
  follows: ['wallet.win_booked'],
  handle: (app) => {
    const { BIG_WIN_REVIEW_EURO_CENTS: euroCents, BIG_WIN_REVIEW_MULTIPLIER: multiplier } = app.config;
    return async (event, context) => {
      const { amount, currency, playerId, betKey, transactionId, gameCode, round } = event.payload;
      if (amount === 0) return;
      const threshold = await euroEquivalentIn(context.db, euroCents, currency);
      const stake = (await transactionByKey(context.db, betKey))?.amount ?? 0;
      const multiple = stake > 0 ? amount / stake : 0;
      const big = threshold !== undefined && amount >= threshold;
      if (!big && multiple < multiplier) return;
      await raiseCase(
        context.db,
        {
          playerId,
          kind: 'big_win',
          facts: {
            currency,
            win_cents: amount,
            stake_cents: stake,
            multiple: Math.round(multiple * 10) / 10,
            transaction: transactionId,
            game: gameCode ?? '',
            round: round ?? '',
          },
        },
        app.clock.now(),
      );
    };
  },
});
