import { type Db, schema } from '@chrysos/db';
import { formatMoney, type Locale } from '@chrysos/rules';
import { and, eq } from 'drizzle-orm';
import { defineHandler } from '../../../platform/events.ts';
import { currencyFacts } from '../../info/public.ts';
import { queuePlayerPush } from '../../notifications/public.ts';
import { listAccounts } from '../../wallet/public.ts';
import { prizePush } from '../push-messages.ts';

/** A prize in words: the money in the player's language, or the free spins. */
async function prizeWords(db: Db, drawId: string, place: number): Promise<((l: Locale) => string) | null> {
  const w = schema.lotteryWinners;
  const [winner] = await db
    .select({
      kind: w.kind,
      amount: w.amount,
      currency: w.currency,
    })
    .from(w)
    .where(and(eq(w.drawId, drawId), eq(w.place, place)));
  if (!winner) return null;
  if (winner.kind === 'freespins')
    return (l) => (l === 'el' ? `${winner.amount} δωρεάν περιστροφές` : `${winner.amount} free spins`);
  const currency = await currencyFacts(db, winner.currency);
  if (!currency) return null;
  return (l) => formatMoney(winner.amount, currency, { locale: l });
}

/**
 * A prize is published on the player's `lottery_changes` channel (a hint: the profile reads GET
 * /player/lottery again), with their balance, and is a web push in their language, queued in the
 * handler's transaction.
 */
export const publishPrize = defineHandler({
  name: 'lottery.publish-prize',
  follows: ['lottery.prize_won'],
  handle: (app) => async (event, context) => {
    const { playerId, drawId, place } = event.payload;
    await app.realtime.publishToPlayer(
      context,
      'lottery_changes',
      playerId,
      { draw_id: drawId, kind: 'prize' },
      `${event.id}:lottery`,
    );
    // A cash prize moved the player's real money: the header's balance follows.
    const accounts = await listAccounts(context.db, app.wallet.ledger.using(context.db), playerId);
    await app.realtime.publishToPlayer(context, 'balance', playerId, accounts, `${event.id}:balance`);
    const words = await prizeWords(context.db, drawId, place);
    if (words) await queuePlayerPush(app, context.db, playerId, (l) => prizePush(l, drawId, place, words(l)));
  },
});
