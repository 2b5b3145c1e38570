import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { sessionCookieName } from '../../platform/http-session.ts';
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
