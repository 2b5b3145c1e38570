import { lotteryApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { maxTicketsPerWeek, prizes, ticketEuroCents } from './prizes.ts';
import { lotteryOverview, playerLottery, publicDraw } from './read.ts';

/** The lottery's player API (@chrysos/contract lotteryApi): public draws and results, the player's tickets. */
export const lotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(lotteryApi.overview),
    handler: async () => ({
      ...(await lotteryOverview(db, app.clock.now())),
      prizes: [...prizes],
      ticket_euro_cents: ticketEuroCents,
      max_tickets: maxTicketsPerWeek,
    }),
  });

  app.route({
    ...routeOf(lotteryApi.draw),
    handler: async (request) => {
      const draw = await publicDraw(db, request.params.id);
      if (!draw) throw new AppError('lottery.draw_not_found', { field: 'id' });
      return draw;
    },
  });

  app.route({
    ...routeOf(lotteryApi.player),
    handler: async (request) => playerLottery(db, await requirePlayer(request), app.clock.now()),
  });
};
