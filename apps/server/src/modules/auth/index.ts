import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { Captcha } from './captcha.ts';
import { credentials } from './credentials.ts';
import { confirmChosenEmail } from './handlers/confirm-chosen-email.ts';
import { authRoutes } from './routes.ts';
import { socialApiRoutes, socialRoutes } from './social-routes.ts';
import { validateEmailRoutes } from './validate-email.ts';
// The events this module publishes (declared by declaration merging into platform/events.ts).
import './events.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { authOperatorRoutes } from './operator-routes.ts';

/**
 * Accounts: sign-up and sign-in, sessions, recovery emails, captcha, social sign-in (the provider
 * redirects are browser navigations, so they live outside /api).
 */
async function auth(app: FastifyInstance): Promise<void> {
  app.decorate(
    'captcha',
    new Captcha(
      app.config.CAPTCHA_HMAC_KEY,
      {
        afterFailedSignIns: app.config.CAPTCHA_AFTER_FAILED_SIGN_INS,
        afterSignUps: app.config.CAPTCHA_AFTER_SIGN_UPS,
        onSignUp: app.config.CAPTCHA_ON_SIGN_UP,
      },
      app.sharedState,
    ),
  );
  app.decorate('credentials', credentials);
  app.events.register(app, [confirmChosenEmail]);
  await app.register(apiScope(authRoutes));
  await app.register(operatorScope(authOperatorRoutes));
  await app.register(apiScope(socialApiRoutes));
  await app.register(apiScope(validateEmailRoutes));
  await app.register(socialRoutes);
}

export default fp(auth, {
  name: 'auth',
  dependencies: [
    'config',
    'database',
    'events',
    'shared-state',
    'rate-limit',
    'mail',
    'api-conventions',
    'info',
    'clock',
    'after-response',
    'operator-actions',
  ],
});
