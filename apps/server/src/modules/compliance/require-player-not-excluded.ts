import type { FastifyRequest } from 'fastify';
import { requirePlayer } from '../../platform/http-session.ts';
import { refuseIfExcluded } from './exclusion-refusal.ts';

/**
 * The signed-in player's id for a route that takes money in or grants a promotion: refused (403, as
 * sign-in refuses it) while a time-out or self-exclusion is in force. Such a route checks this itself
 * rather than trusting that an excluded player holds no session (issue 31 item 2).
 */
export async function requirePlayerNotExcluded(request: FastifyRequest): Promise<string> {
  const playerId = await requirePlayer(request);
  await refuseIfExcluded(request.server.database.db, playerId, request.server.clock.now());
  return playerId;
}
