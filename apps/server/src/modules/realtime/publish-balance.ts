import type { FastifyInstance } from 'fastify';
import type { HandlerContext } from '../../platform/events.ts';
import { listAccounts } from '../wallet/public.ts';

/** Publishes the player's accounts as they are in the handler's transaction. */
export async function publishBalance(
  app: FastifyInstance,
  context: HandlerContext,
  playerId: string,
  key: string,
): Promise<void> {
  const accounts = await listAccounts(context.db, app.wallet.ledger.using(context.db), playerId);
  await app.realtime.publishToPlayer(context, 'balance', playerId, accounts, key);
}
