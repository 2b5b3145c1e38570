import { limitsApi, limitsOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { licenceRules, limitOptions } from '@chrysos/rules';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { playerExists } from '../player/public.ts';
import { limitRows, presentLimit } from './read-limits.ts';
import { cancelPendingLimit, removeLimit, setLimit } from './set-limit.ts';

/** The player's own limits (@chrysos/contract limitsApi, decision 22). */
export function limitRoutes(licence: string): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;
    const present = async (request: FastifyRequest, row: Parameters<typeof presentLimit>[1]) =>
      presentLimit(
        db,
        row,
        app.clock.now(),
        row.kind === 'session' ? await request.sessionStartedAt() : null,
      );

    app.route({
      ...routeOf(limitsApi.list),
      handler: async (request) => {
        const playerId = await requirePlayer(request);
        const now = app.clock.now();
        const rows = await limitRows(db, playerId, now);
        const started = rows.some((row) => row.kind === 'session') ? await request.sessionStartedAt() : null;
        return {
          limits: await Promise.all(rows.map((row) => presentLimit(db, row, now, started))),
          options: limitOptions(licence).map((option) => ({
            kind: option.kind,
            periods: [...option.periods],
          })),
          offered_before_first_deposit: licenceRules(licence).limits.offeredBeforeFirstDeposit,
        };
      },
    });

    app.route({
      ...routeOf(limitsApi.set),
      handler: async (request) => {
        const playerId = await requirePlayer(request);
        const row = await setLimit(
          db,
          licence,
          { playerId, ip: request.ip },
          request.body,
          app.clock.now(),
          (tx, raise) => app.events.publish(tx, 'compliance.limit_raise_requested', raise),
        );
        return present(request, row);
      },
    });

    app.route({
      ...routeOf(limitsApi.remove),
      handler: async (request) => {
        const playerId = await requirePlayer(request);
        const row = await removeLimit(
          db,
          licence,
          { playerId, ip: request.ip },
          {
            ...request.params,
            currency: request.query.currency,
          },
          app.clock.now(),
        );
        return present(request, row);
      },
    });

    app.route({
      ...routeOf(limitsApi.cancelPending),
      handler: async (request) => {
        const playerId = await requirePlayer(request);
        const row = await cancelPendingLimit(
          db,
          licence,
          { playerId, ip: request.ip },
          {
            ...request.params,
            currency: request.query.currency,
          },
          app.clock.now(),
        );
        return present(request, row);
      },
    });
  };
}

/**
 * The back office's read of a player's limits (Player 360): each with what is used in its current
 * window (a session limit's use is the player's own browser's, so shown as none), and the reality
 * check's interval that applies to them.
 */
export function limitOperatorRoutes(realityCheck: number | null): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;
    app.route({
      ...routeOf(limitsOperatorApi.list),
      handler: async (request) => {
        if (!(await playerExists(db, request.params.id)))
          throw new AppError('compliance.player_not_found', { field: 'id' });
        const now = app.clock.now();
        const rows = await limitRows(db, request.params.id, now);
        return {
          limits: await Promise.all(rows.map((row) => presentLimit(db, row, now, null))),
          reality_check_minutes: realityCheck,
        };
      },
    });
  };
}
