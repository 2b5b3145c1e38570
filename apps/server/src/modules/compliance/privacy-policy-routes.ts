import { privacyPolicyApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePlayer } from '../../platform/http-session.ts';
import { acceptPrivacyPolicy, announcedPolicyVersions, privacyPolicyStatus } from './privacy-policy.ts';

/** The signed-in player's acceptance of the privacy policy (@chrysos/contract privacyPolicyApi). */
export const privacyPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.route({
    ...routeOf(privacyPolicyApi.status),
    handler: async (request) =>
      privacyPolicyStatus(
        db,
        await requirePlayer(request),
        await announcedPolicyVersions(app),
        app.clock.now(),
      ),
  });
  app.route({
    ...routeOf(privacyPolicyApi.accept),
    handler: async (request) => {
      const playerId = await requirePlayer(request);
      return acceptPrivacyPolicy(
        db,
        { playerId, ip: request.ip },
        request.body.version,
        await announcedPolicyVersions(app),
        app.clock.now(),
      );
    },
  });
};
