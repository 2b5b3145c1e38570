import { type Db, schema } from '@chrysos/db';
import { formatMoney, type Locale } from '@chrysos/rules';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queuePlayerPush } from '../notifications/public.ts';
import { listAccounts } from '../wallet/public.ts';
import { prizePush } from './push-messages.ts';

/** A prize in words: the money in the player's language, or the free spins. */
async function prizeWords(db: Db, drawId: string, place: number): Promise<((l: Locale) => string) | null> {
  const w = schema.lotteryWinners;
  const [winner] = await db
    .select({
      kind: w.kind,
      amount: w.amount,
      code: schema.currencies.code,
      symbol: schema.currencies.symbol,
      subunits: schema.currencies.subunitsToUnit,
      fiat: schema.currencies.fiat,
    })
    .from(w)
    .innerJoin(schema.currencies, eq(schema.currencies.code, w.currency))
    .where(and(eq(w.drawId, drawId), eq(w.place, place)));
  if (!winner) return null;
  if (winner.kind === 'freespins')
    return (l) => (l === 'el' ? `${winner.amount} δωρεάν περιστροφές` : `${winner.amount} free spins`);
  const currency = {
    code: winner.code,
    symbol: winner.symbol,
    subunits_to_unit: winner.subunits,
    fiat: winner.fiat,
  };
  return (l) => formatMoney(winner.amount, currency, { locale: l });
}

/**
 * The player hears of their lottery at once: new tickets and a prize are published on their
 * `lottery_changes` channel (a hint: the profile reads GET /player/lottery again); a prize also
 * publishes their balance and is a web push in their language, queued in the handler's transaction.
 */
export function publishChanges(app: FastifyInstance): void {
  app.events.on('lottery.tickets_issued', 'lottery.publish-tickets', async (event, context) => {
    const { playerId, drawId } = event.payload;
    await app.realtime.publishToPlayer(
      context,
      'lottery_changes',
      playerId,
      { draw_id: drawId, kind: 'tickets' },
      `${event.id}:lottery`,
    );
  });

  app.events.on('lottery.prize_won', 'lottery.publish-prize', async (event, context) => {
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
  });
}
