import { exclusionsApi, exclusionsOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { Db } from '@chrysos/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { operatorActor, operatorOf, recorded } from '../../platform/operator-api.ts';
import { playerExists } from '../player/public.ts';
import { coolingOffMs } from './exclusion-periods.ts';
import { liftExclusion } from './lift-exclusion.ts';
import { listExclusions } from './read-exclusions.ts';
import { type ExclusionDeps, takeExclusion } from './take-exclusion.ts';

/** The player's time-outs and self-exclusions (@chrysos/contract exclusionsApi). */
export function exclusionRoutes(deps: ExclusionDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;

    app.route({
      ...routeOf(exclusionsApi.list),
      handler: async (request) =>
        listExclusions(db, await requirePlayer(request), coolingOffMs(deps.licence), app.clock.now()),
    });

    app.route({
      ...routeOf(exclusionsApi.take),
      handler: async (request, reply) => {
        const playerId = await requirePlayer(request);
        const taken = await takeExclusion(
          db,
          deps,
          playerId,
          { ...request.body, source: 'player', ip: request.ip },
          app.clock.now(),
        );
        // Every session of the player was revoked with it; this browser forgets its cookie too.
        return reply.endSession().code(201).send(taken);
      },
    });

    app.route({
      ...routeOf(exclusionsApi.lift),
      handler: async (request) =>
        liftExclusion(
          db,
          coolingOffMs(deps.licence),
          await requirePlayer(request),
          request.params.id,
          app.clock.now(),
          request.ip,
        ),
    });
  };
}

async function existingPlayer(db: Db, id: string): Promise<string> {
  if (!(await playerExists(db, id))) throw new AppError('compliance.player_not_found', { field: 'id' });
  return id;
}

/** The back office's part (exclusionsOperatorApi), behind the operator token (platform/operator-api.ts). */
export function exclusionOperatorRoutes(deps: ExclusionDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;

    app.route({
      ...routeOf(exclusionsOperatorApi.list),
      handler: async (request) =>
        listExclusions(
          db,
          await existingPlayer(db, request.params.id),
          coolingOffMs(deps.licence),
          app.clock.now(),
        ),
    });

    app.route({
      ...routeOf(exclusionsOperatorApi.set),
      handler: async (request, reply) => {
        const playerId = await existingPlayer(db, request.params.id);
        const { kind, period, reason } = request.body;
        const taken = recorded(
          request,
          await takeExclusion(
            db,
            deps,
            playerId,
            {
              kind,
              period,
              reason,
              source: 'operator',
              operator: operatorActor(operatorOf(request)),
              ip: request.ip,
            },
            app.clock.now(),
          ),
        );
        return reply.code(201).send(taken);
      },
    });
  };
}
