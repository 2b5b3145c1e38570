import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { accountStatusOperatorRoutes } from './account-status/routes.ts';
import { groupsOperatorRoutes, groupsRoutes } from './groups-routes.ts';
import { playerOperatorRoutes } from './operator/routes.ts';
import { playerRoutes } from './routes.ts';
// The events this module publishes (declared by declaration merging into platform/events.ts).
import './events.ts';

/** The player's own record: profile, language, groups, settings. */
async function player(app: FastifyInstance): Promise<void> {
  await app.register(apiScope(playerRoutes));
  await app.register(apiScope(groupsRoutes));
  await app.register(operatorScope(groupsOperatorRoutes));
  await app.register(operatorScope(playerOperatorRoutes));
  await app.register(operatorScope(accountStatusOperatorRoutes));
}

export default fp(player, {
  name: 'player',
  dependencies: [
    'database',
    'events',
    'api-conventions',
    'clock',
    'config',
    'info',
    'realtime',
    'wallet',
    'session',
    'compliance',
    'auth',
    'experiments',
    'operator-actions',
    'operators',
  ],
});
