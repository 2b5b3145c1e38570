import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { sessionCookieName } from '../../platform/http-session.ts';
import { refuseIfExcluded } from '../compliance/public.ts';
import { sessionLimitThatEnded } from './sessions.ts';

/**
 * The signed-in player's id; 401 for a visitor: compliance.session_limit (with the limit's minutes)
 * when the session the request carries was ended by the player's session-time limit, so the site can
 * say why, else auth.sign_in_required.
 */
export async function requirePlayer(request: FastifyRequest): Promise<string> {
  const playerId = await request.playerId();
  if (playerId) return playerId;
  const token = request.cookies[sessionCookieName];
  const minutes = token ? await sessionLimitThatEnded(request.server.database.db, token) : null;
  if (minutes !== null) throw new AppError('compliance.session_limit', { params: { minutes } });
  throw new AppError('auth.sign_in_required');
}

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
