import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { operatorScope } from '../../platform/operator-api.ts';
import { checkBigWins } from './handlers/check-big-wins.ts';
import { watchDeposits } from './handlers/watch-deposits.ts';
import { watchLimitRaises } from './handlers/watch-limit-raises.ts';
import { watchPlay } from './handlers/watch-play.ts';
import { riskOperatorRoutes } from './routes.ts';

/**
 * Risk and compliance cases (issue 38): the watch follows deposits, play, wins and limit raises and
 * raises a case when a marker is crossed (AML, safer gambling, a big win to check); operators own,
 * work and resolve them, and record their interventions against the player.
 */
async function riskPlugin(app: FastifyInstance): Promise<void> {
  app.events.register(app, [watchDeposits, watchPlay, checkBigWins, watchLimitRaises]);
  await app.register(operatorScope(riskOperatorRoutes));
}

export default fp(riskPlugin, {
  name: 'risk',
  dependencies: [
    'config',
    'database',
    'clock',
    'events',
    'info',
    'wallet',
    'cashier',
    'compliance',
    'player',
    'operators',
    'operator-actions',
  ],
});
