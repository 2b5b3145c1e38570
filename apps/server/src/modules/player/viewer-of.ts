import type { Viewer } from '@chrysos/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { playerGroups } from './present-player.ts';

/**
 * Who is looking, as the visibility rules need it: the signed-in player's groups (or none), and their
 * variation of each running A/B test, the same /v2/ab answers, so a page shows its variant from the
 * first paint.
 */
export async function viewerOf(app: FastifyInstance, request: FastifyRequest): Promise<Viewer> {
  const playerId = await request.playerId();
  const [groups, abVariants] = await Promise.all([
    playerId ? playerGroups(app.database.db, playerId) : [],
    app.experiments.variantsOf(request),
  ]);
  return { groups, abVariants, now: app.clock.now(), timeZone: app.config.TIME_ZONE };
}
