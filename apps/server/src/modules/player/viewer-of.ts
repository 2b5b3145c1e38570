import type { Viewer } from '@chrysos/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { playerGroups } from './present-player.ts';

/** Who is looking, as the visibility rules need it: the signed-in player's groups, or none. */
export async function viewerOf(app: FastifyInstance, request: FastifyRequest): Promise<Viewer> {
  const playerId = await request.playerId();
  const groups = playerId ? await playerGroups(app.database.db, playerId) : [];
  return { groups, abVariants: {}, now: app.clock.now(), timeZone: app.config.TIME_ZONE };
}
