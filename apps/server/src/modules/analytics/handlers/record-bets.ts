import { defineHandler, type EventHandler, perBatch } from '../../../platform/events.ts';

interface Play {
  eventId: string;
  playerId: string;
  currency: string;
  stake: number;
  win: number;
  bet: boolean;
  at: Date;
}

/**
 * Bets settled, aggregated (issue 37): one `Bets Settled` event per player and currency for each batch
 * of the wallet's events the handler reads, with the number of bets, what they staked and what was won
 * (minor units, real and bonus money together; a free spin's bet stakes nothing), rather than an analytics row per bet. The batch's rows
 * are stored in its transaction, so a batch read again after a crash is recorded once.
 */
export const recordBets = defineHandler({
  name: 'analytics.bets',
  follows: ['wallet.bet_booked', 'wallet.win_booked'],
  handle: (app) => {
    const settled = perBatch<Play>('analytics.bets', async (context, plays) => {
      const byPlayer = new Map<string, Play & { bets: number; first: string }>();
      for (const play of plays) {
        const key = `${play.playerId}:${play.currency}`;
        const sum = byPlayer.get(key) ?? { ...play, stake: 0, win: 0, bets: 0, first: play.eventId };
        sum.stake += play.stake;
        sum.win += play.win;
        sum.bets += play.bet ? 1 : 0;
        sum.at = play.at;
        byPlayer.set(key, sum);
      }
      await app.analytics.track(
        context.db,
        [...byPlayer.values()].map((sum) => ({
          messageId: `bets:${sum.first}:${sum.playerId}:${sum.currency}`,
          event: 'Bets Settled',
          userId: sum.playerId,
          at: sum.at,
          properties: { bets: sum.bets, stake_cents: sum.stake, win_cents: sum.win, currency: sum.currency },
        })),
        { inTransaction: true },
      );
    });
    const handle: EventHandler<'wallet.bet_booked' | 'wallet.win_booked'> = async (event, context) => {
      const { playerId, currency, amount: moved } = event.payload;
      const bet = event.name === 'wallet.bet_booked';
      settled(context, {
        eventId: event.id,
        playerId,
        currency,
        stake: bet ? moved : 0,
        win: bet ? 0 : moved,
        bet,
        at: event.occurredAt,
      });
    };
    return handle;
  },
});
