import { defineHandler, perBatch } from '../../../platform/events.ts';
import { listAccountsAfterEach } from '../../wallet/public.ts';

/**
 * The balance after every booking of play, one push per booking in order, each with the accounts as
 * that booking left them: read and stored for the whole batch at its end, in two statements rather
 * than three per booking.
 */
export const publishGameBalances = defineHandler({
  name: 'realtime.balance-games',
  follows: ['wallet.bet_booked', 'wallet.win_booked', 'wallet.rollback_booked'],
  handle: (app) => {
    const booked = perBatch<{ playerId: string; transactionId: number; key: string }>(
      'balances',
      async (context, bookings) => {
        const accounts = await listAccountsAfterEach(context.db, bookings);
        await app.realtime.publishManyToPlayers(
          context,
          'balance',
          bookings.map((booking, index) => ({
            playerId: booking.playerId,
            data: accounts[index] ?? [],
            key: booking.key,
          })),
        );
      },
    );
    return (event, context) => {
      // A free spin's bet or a lost round's zero win moves nothing.
      if (event.payload.amount === 0) return;
      const { playerId, transactionId } = event.payload;
      booked(context, { playerId, transactionId, key: `${event.id}:balance` });
    };
  },
});
