import { jackpotApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { Db } from '@chrysos/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../platform/errors.ts';
import { activeAccountCurrency } from '../wallet/public.ts';
import { currentTiers, wonCycles } from './read.ts';

/**
 * The currency a request asks about: the one named, else the signed-in player's active currency, else
 * the site's default.
 */
async function currencyOf(
  db: Db,
  request: FastifyRequest,
  asked: string | undefined,
  fallback: () => Promise<string>,
) {
  if (asked) return asked;
  const playerId = await request.playerId();
  if (playerId) {
    const active = await activeAccountCurrency(db, playerId);
    if (active) return active;
  }
  return fallback();
}

/** The jackpot's public API (@chrysos/contract jackpotApi): its amounts now and its won cycles. */
export function jackpotRoutes(deps: { defaultCurrency: () => Promise<string> }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;
    app.route({
      ...routeOf(jackpotApi.current),
      handler: async (request) => {
        const currency = await currencyOf(db, request, request.query.currency, deps.defaultCurrency);
        return { currency, tiers: await currentTiers(db, currency) };
      },
    });
    app.route({
      ...routeOf(jackpotApi.cycles),
      handler: async (request) => {
        const currency = await currencyOf(db, request, request.query.currency, deps.defaultCurrency);
        return wonCycles(db, currency, languageOf(request.headers['accept-language']));
      },
    });
  };
}
