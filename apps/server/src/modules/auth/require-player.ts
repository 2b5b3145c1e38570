import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';

/** The signed-in player's id; 401 for a visitor. */
export async function requirePlayer(request: FastifyRequest): Promise<string> {
  const playerId = await request.playerId();
  if (!playerId) throw new AppError('auth.sign_in_required');
  return playerId;
}
