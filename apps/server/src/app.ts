import zlib from 'node:zlib';
import type { Database } from '@chrysos/db';
import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import captcha from './modules/auth/captcha-plugin.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { socialApiRoutes, socialRoutes } from './modules/auth/social-routes.ts';
import { validateEmailRoutes } from './modules/auth/validate-email.ts';
import cashier from './modules/cashier/index.ts';
import { operatorRoutes, paymentRoutes, webhookRoutes } from './modules/cashier/routes.ts';
import content from './modules/content/index.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { seoRoutes } from './modules/content/sitemap.ts';
import type { StudioFeed } from './modules/games/import-studio-titles.ts';
import gamesCatalogue from './modules/games/index.ts';
import { gamesRoutes } from './modules/games/routes.ts';
import { studioPlugin } from './modules/games/studio.ts';
import referenceData from './modules/info/index.ts';
import { infoRoutes } from './modules/info/routes.ts';
import mail from './modules/mail/index.ts';
import { mailboxRoutes } from './modules/mail/mailbox-routes.ts';
import { playerRoutes } from './modules/player/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { accountRoutes } from './modules/wallet/account-routes.ts';
import wallet from './modules/wallet/index.ts';
import { walletProtocolRoutes } from './modules/wallet/protocol-routes.ts';
import afterResponse from './platform/after-response.ts';
import apiConventions from './platform/api-conventions.ts';
import type { Config } from './platform/config.ts';
import configPlugin from './platform/config-plugin.ts';
import databasePlugin from './platform/database.ts';
import errorHandling, { sendError } from './platform/error-handling.ts';
import { healthRoutes } from './platform/health.ts';
import session from './platform/http-session.ts';
import { imagesPlugin } from './platform/images.ts';
import { logSerializers } from './platform/log-redaction.ts';
import openapi from './platform/openapi.ts';
import securityHeaders from './platform/security-headers.ts';
import { validatorCompiler } from './platform/validator.ts';
import { type WebPluginOptions, webPlugin } from './platform/web.ts';

export interface AppOptions {
  config: Config;
  /** Use this database instead of opening one from the configuration (tests pass their own). */
  database?: Database;
  /** Mount the web app; off for API-only tests, which need no web build. */
  web?: WebPluginOptions | false;
  logger?: FastifyServerOptions['logger'];
  /** Import these titles into the games catalogue instead of the in-house studio's list (tests). */
  studioFeed?: StudioFeed;
  /** Told of every route as it is added (the fuzz test lists the routes outside the OpenAPI document). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * How long one client may hold the server. The whole request, headers and body, must arrive within
 * REQUEST_TIMEOUT_SECONDS however slowly its bytes trickle in (else 408, and the connection is
 * closed); an idle keep-alive connection is kept 72 s, longer than a load balancer's usual 60 s so
 * the balancer closes first; a connection on which nothing moves at all (a client that stopped
 * reading) is dropped after both. MAX_CONNECTIONS caps the connections open at once.
 */
function connectionLimits(config: Config) {
  const requestTimeout = config.REQUEST_TIMEOUT_SECONDS * 1000;
  const keepAliveTimeout = 72_000;
  return {
    requestTimeout,
    keepAliveTimeout,
    connectionTimeout: keepAliveTimeout + requestTimeout,
    // API bodies are small; the wallet protocol, webhooks and payment forms set lower limits of their own.
    bodyLimit: 256 * 1024,
    http: {
      headersTimeout: requestTimeout,
      // Node looks for expired requests this often; its 30 s default is coarse for short timeouts.
      connectionsCheckingInterval: Math.min(Math.max(requestTimeout / 4, 100), 5_000),
    },
  };
}

/** Builds the whole application without listening, so tests can call it with `inject`. */
export async function buildApp(options: AppOptions) {
  const { config } = options;
  const logger = options.logger ?? { level: config.LOG_LEVEL };
  const app = Fastify({
    logger: typeof logger === 'object' ? { ...logger, serializers: logSerializers } : logger,
    trustProxy: config.TRUST_PROXY,
    // A malformed or overlong address is answered like any other bad request.
    frameworkErrors: sendError,
    ...connectionLimits(config),
  });
  app.server.maxConnections = config.MAX_CONNECTIONS;
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // One error handler and one not-found handler for every route registered after it.
  await app.register(errorHandling);

  // Pages and API answers are compressed as they are sent; static assets come precompressed.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Infrastructure first, then capabilities.
  await app.register(configPlugin, { config });
  await app.register(securityHeaders);
  await app.register(databasePlugin, { database: options.database });
  await app.register(referenceData);
  await app.register(gamesCatalogue, { feed: options.studioFeed });
  await app.register(content);
  await app.register(session);
  await app.register(afterResponse);
  await app.register(mail);
  await app.register(captcha);
  await app.register(wallet);
  await app.register(cashier);

  await app.register(healthRoutes);
  await app.register(imagesPlugin);
  await app.register(seoRoutes);
  await app.register(walletProtocolRoutes);
  await app.register(studioPlugin);
  await app.register(webhookRoutes);
  await app.register(app.sandboxPsp.routes);
  if (config.DEMO_MODE) await app.register(mailboxRoutes);
  await app.register(
    async (api) => {
      await api.register(apiConventions);
      await api.register(openapi);
      await api.register(infoRoutes);
      await api.register(contentRoutes);
      await api.register(supportRoutes);
      await api.register(authRoutes);
      await api.register(playerRoutes);
      await api.register(socialApiRoutes);
      await api.register(validateEmailRoutes);
      await api.register(accountRoutes);
      await api.register(gamesRoutes);
      await api.register(paymentRoutes);
      await api.register(operatorRoutes);
      api.get('/docs/openapi.json', { schema: { hide: true } }, async () => api.swagger());
    },
    { prefix: '/api' },
  );
  // Social sign-in redirects: browser navigations, so outside /api and before the web app's catch-all.
  await app.register(socialRoutes);

  if (options.web !== false) await app.register(webPlugin, options.web ?? {});
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
