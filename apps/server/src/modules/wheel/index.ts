import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { AppError } from '../../platform/errors.ts';
import { ensurePrizeCampaigns } from '../bonuses/public.ts';
import { currenciesFacts } from '../info/public.ts';
import { isWheelCode, minimumDeposit } from './grant-spin.ts';
import { grantSpinOnDeposit } from './handlers/grant-spin.ts';
import { publishSpin } from './handlers/publish-spin.ts';
import { prizeCampaigns } from './prizes.ts';
import { wheelRoutes } from './routes.ts';
import { checkRules, wheelRules } from './rules.ts';
// The events this module publishes (declared by declaration merging into platform/events.ts).
import './events.ts';

/**
 * The fortune wheel (issue 18): a qualifying deposit with the page's code earns the Athens day's spin,
 * the spin is a provably fair draw of a sector, and its prize is paid through the bonus engine or the
 * loyalty balance in the spin's transaction.
 */
async function wheelPlugin(app: FastifyInstance): Promise<void> {
  const deps = { wallet: app.wallet, events: app.events };
  app.addHook('onReady', async () => {
    checkRules(wheelRules(app, app.clock.now()));
    await ensurePrizeCampaigns(
      app.database.db,
      prizeCampaigns(await currenciesFacts(app.database.db, { fiat: true })),
    );
  });
  // WHEEL20 in the cashier is the wheel's, not a bonus: a deposit below the minimum is refused before
  // the provider is asked, as a bonus code's would be.
  app.cashier.acceptDepositCodes(async (db, _playerId, currency, amount, code) => {
    const rules = wheelRules(app, app.clock.now());
    if (!isWheelCode(rules, code)) return false;
    const minimum = await minimumDeposit(db, rules, currency);
    // A currency with no euro equivalent (a crypto account) cannot earn a spin.
    if (minimum === null) throw new AppError('bonuses.deposit_code_ineligible', { field: 'bonus_code' });
    if (amount < minimum) {
      throw new AppError('wheel.deposit_below_minimum', {
        field: 'bonus_code',
        params: { amount: minimum, currency },
      });
    }
    return true;
  });
  app.events.register(app, [grantSpinOnDeposit, publishSpin]);
  await app.register(apiScope(wheelRoutes(app, deps)));
}

export default fp(wheelPlugin, {
  name: 'wheel',
  dependencies: [
    'config',
    'database',
    'api-conventions',
    'clock',
    'events',
    'wallet',
    'cashier',
    'content',
    'realtime',
    'bonuses',
  ],
});
