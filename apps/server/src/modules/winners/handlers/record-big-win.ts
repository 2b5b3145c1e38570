import { defineHandler } from '../../../platform/events.ts';
import { recordWin } from '../record-win.ts';

/** A game win of REALTIME_BIG_WIN_CENTS or more is kept for the winners lists, its winner masked. */
export const recordBigWin = defineHandler({
  name: 'winners.big-wins',
  follows: ['wallet.win_booked'],
  handle: (app) => {
    const bigWin = app.config.REALTIME_BIG_WIN_CENTS;
    return async (event, context) => {
      const { amount, transactionId, playerId, currency, gameCode } = event.payload;
      if (amount < bigWin) return;
      await recordWin(context.db, {
        transactionId,
        playerId,
        currency,
        amountCents: amount,
        gameCode,
        wonAt: event.occurredAt,
      });
    };
  },
});
