import { defineHandler } from '../../../platform/events.ts';
import { playerNames } from '../../player/public.ts';

/** A winner as the public ticker shows them: enough to tell wins apart, nothing that identifies. */
function maskedName(email: string): string {
  const local = email.split('@')[0] ?? '';
  return `${local.slice(0, 2)}***`;
}

/** A game win of REALTIME_BIG_WIN_CENTS or more is announced to everyone on public:wins. */
export const publishBigWin = defineHandler({
  name: 'realtime.big-wins',
  follows: ['wallet.win_booked'],
  handle: (app) => {
    const bigWin = app.config.REALTIME_BIG_WIN_CENTS;
    return async (event, context) => {
      if (event.payload.amount < bigWin) return;
      const player = (await playerNames(context.db, [event.payload.playerId])).get(event.payload.playerId);
      await app.realtime.publishToAll(
        context,
        'wins',
        {
          game_code: event.payload.gameCode,
          currency: event.payload.currency,
          amount_cents: event.payload.amount,
          player: maskedName(player?.email ?? ''),
          at: event.occurredAt.toISOString(),
        },
        `${event.id}:win`,
      );
    };
  },
});
