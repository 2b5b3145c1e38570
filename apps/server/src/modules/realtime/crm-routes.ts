import { randomUUID } from 'node:crypto';
import { crmApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { Db } from '@chrysos/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { playerExists } from '../player/public.ts';

/**
 * The operator's CRM sends a player an event (issue 31 item 16, content realtimeCrmConfigure): it is
 * published on the player's private channel `crm_events`, and their open pages show what the content
 * configures for it. Only an event the content configures is sent: another would show nothing.
 */
export const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.route({
    ...routeOf(crmApi.send),
    handler: async (request, reply) => {
      const { id } = request.params;
      const { event } = request.body;
      if (!(await playerExists(db, id))) throw new AppError('player.not_found', { field: 'id' });
      await app.content.current();
      const everyone = { groups: [], abVariants: {}, now: app.clock.now() };
      const configured = (['en', 'el'] as const).some((locale) =>
        app.content.list('realtimeCrmConfigure', locale, everyone).some((item) => item.data.event === event),
      );
      if (!configured) throw new AppError('validation.invalid', { field: 'event' });

      const effects: (() => unknown)[] = [];
      await db.transaction(async (tx) => {
        await app.realtime.publishToPlayer(
          { db: tx as unknown as Db, afterCommit: (effect) => void effects.push(effect) },
          'crm_events',
          id,
          { event },
          `crm:${randomUUID()}`,
        );
        await app.recordOperatorAction(tx as unknown as Db, request, {
          action: 'crm_event.sent',
          playerId: id,
          details: { event },
        });
      });
      for (const effect of effects) await effect();
      reply.code(202);
      return { event };
    },
  });
};
