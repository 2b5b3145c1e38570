import { playerApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { requirePlayer, sessionCookieName } from '../../platform/http-session.ts';
import { limitOf } from '../../platform/rate-limit.ts';
import { contextsFor, fields } from './player-fields.ts';
import { presentPlayer } from './present-player.ts';
import { updatePlayer } from './update-player.ts';

/** Groups a player's own device may claim (spec §4: the PWA group). Others are set by operators only. */
export const selfAssignableGroups = ['pwa'] as const;

/** The signed-in player as the API shows it; 401 for a visitor or a session whose player is gone. */
async function signedInPlayer(app: FastifyInstance, playerId: string) {
  const found = await presentPlayer(app, playerId);
  if (!found) throw new AppError('auth.sign_in_required');
  return found;
}

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(playerApi.player),
    handler: async (request) => signedInPlayer(app, await requirePlayer(request)),
  });

  app.route({
    ...routeOf(playerApi.fields),
    handler: async (request) => {
      const playerId = await request.playerId();
      const current = playerId ? await presentPlayer(app, playerId) : null;
      return { fields, contexts: contextsFor(current) };
    },
  });

  app.route({
    ...routeOf(playerApi.update, { rateLimit: limitOf('playerUpdate') }),
    handler: async (request) => {
      const playerId = await requirePlayer(request);
      await updatePlayer(app, playerId, {
        ...request.body,
        sessionToken: request.cookies[sessionCookieName],
      });
      return signedInPlayer(app, playerId);
    },
  });

  app.route({
    ...routeOf(playerApi.settings),
    handler: async (request, reply) => {
      // The realtime token is the player's own: never kept by a cache.
      reply.header('cache-control', 'private, no-store');
      return {
        captcha: { provider: 'altcha' as const, challenge_url: '/api/captcha/challenge' },
        validate_email: app.config.VALIDATE_EMAIL,
        allowed_email_domains: app.config.ALLOWED_EMAIL_DOMAINS ?? null,
        cent: await app.realtime.settings(await request.playerId()),
      };
    },
  });

  app.route({
    ...routeOf(playerApi.updateLocale),
    handler: async (request) => {
      const playerId = await requirePlayer(request);
      await db
        .update(schema.players)
        .set({ language: request.body.locale })
        .where(eq(schema.players.id, playerId));
      return signedInPlayer(app, playerId);
    },
  });

  app.route({
    ...routeOf(playerApi.addGroups),
    handler: async (request) => {
      const playerId = await requirePlayer(request);
      const refused = request.body.groups.add.filter(
        (group) => !(selfAssignableGroups as readonly string[]).includes(group),
      );
      if (refused.length > 0) {
        throw new AppError('player.group_not_allowed', {
          field: 'groups',
          params: { groups: refused.join(', ') },
        });
      }
      await db.transaction(async (tx) => {
        const added = await tx
          .insert(schema.playerGroups)
          .values(request.body.groups.add.map((group) => ({ playerId, group })))
          .onConflictDoNothing()
          .returning({ group: schema.playerGroups.group });
        if (added.length > 0) {
          await app.events.publish(tx, 'player.groups_changed', {
            playerId,
            added: added.map((row) => row.group),
            removed: [],
          });
        }
      });
      return signedInPlayer(app, playerId);
    },
  });
};
