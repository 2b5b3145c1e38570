import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { apiScope } from './api-conventions.ts';
import { AppError } from './errors.ts';

/**
 * A module's part of the operator API the back office will use (/api/operator/*): the player API's
 * conventions (apiScope), behind the one bearer token OPERATOR_API_TOKEN, compared in constant time.
 * Without that setting the routes are not registered at all, so the API does not exist. A missing or
 * wrong token is `cashier.operator_token_required` (401) whichever module's route was asked: the code
 * was the cashier's first and codes are never renamed (docs/decisions/0016).
 */
export function operatorScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return apiScope(async (app) => {
    const token = app.config.OPERATOR_API_TOKEN;
    if (!token) return;
    const expected = Buffer.from(`Bearer ${token}`);
    app.addHook('onRequest', async (request) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError('cashier.operator_token_required', { field: 'authorization' });
      }
    });
    await app.register(routes);
  });
}
