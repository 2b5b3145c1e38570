import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { recordBigWin } from './handlers/record-big-win.ts';
import { winnersRoutes } from './routes.ts';

/**
 * The winners lists (spec §7 Stats, issue 18): every game win the realtime ticker announces on
 * public:wins (REALTIME_BIG_WIN_CENTS and above) and every jackpot win (listed by the jackpot's payout,
 * recordWin) are kept with the winner's name masked, and served as the latest and the biggest wins.
 */
async function winnersPlugin(app: FastifyInstance): Promise<void> {
  app.events.register(app, [recordBigWin]);
  await app.register(apiScope(winnersRoutes));
}

export default fp(winnersPlugin, {
  name: 'winners',
  dependencies: ['config', 'database', 'api-conventions', 'events', 'wallet', 'clock'],
});
