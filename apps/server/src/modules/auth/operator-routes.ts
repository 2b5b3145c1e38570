import { authOperatorApi, playerActivityOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { sentRecently } from '../mail/public.ts';
import { playerById, playerExists } from '../player/public.ts';
import { resendAfterMs, sendAccountEmail } from './account-emails.ts';
import { sessionsOfPlayer } from './player-sessions.ts';

/**
 * Support's actions on a player's sign-in (issue 38): each with a reason, on the audit trail; and the
 * player's sessions, a read (no audit row).
 */
export const authOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(authOperatorApi.sendPasswordReset),
    handler: async (request, reply) => {
      const player = await playerById(db, request.params.id);
      if (!player) throw new AppError('player.not_found', { field: 'id' });
      const sent = await db.transaction(async (tx) => {
        // The same email as the player asking for it; one a minute at most, as for them.
        const fresh = !(await sentRecently(tx, player.email, 'reset_password', resendAfterMs));
        if (fresh) await sendAccountEmail(app, player, 'reset_password', tx);
        await app.recordOperatorAction(tx, request, {
          action: 'player.password_reset_sent',
          playerId: player.id,
          details: { reason: request.body.reason, sent: fresh },
        });
        return fresh;
      });
      return reply.code(202).send({ sent });
    },
  });

  app.route({
    ...routeOf(playerActivityOperatorApi.sessions),
    handler: async (request) => {
      if (!(await playerExists(db, request.params.id))) throw new AppError('player.not_found');
      return sessionsOfPlayer(db, request.params.id, app.clock.now());
    },
  });
};
