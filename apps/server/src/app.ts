import zlib from 'node:zlib';
import type { Database } from '@chrysos/db';
import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { runDeploySteps } from './deploy/deploy-steps.ts';
import { refuseUnlessMigrated } from './deploy/schema-check.ts';
import {
  endPlayerSessions,
  playerIdForSession,
  sessionEndedFor,
  sessionStartedAt,
} from './modules/auth/public.ts';
import { pageContextOf, pageVariantOf } from './modules/content/public.ts';
import { houseStudioFeed } from './modules/games/public.ts';
import type { HouseStudioFeed } from './modules/games/studio.ts';
import { registerModules } from './modules/index.ts';
import { connectionOrigin } from './modules/realtime/public.ts';
import afterResponse from './platform/after-response.ts';
import apiConventions from './platform/api-conventions.ts';
import clockPlugin from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import configPlugin from './platform/config-plugin.ts';
import { capConnectionsPerAddress } from './platform/connections-per-address.ts';
import databasePlugin, { prepareDatabase } from './platform/database.ts';
import errorHandling, { sendError } from './platform/error-handling.ts';
import errorReporting, { startErrorReporting } from './platform/error-reporting/sentry.ts';
import eventsPlugin, { type EventBusOptions } from './platform/events.ts';
import { healthRoutes } from './platform/health.ts';
import session from './platform/http-session.ts';
import { imagesPlugin } from './platform/images.ts';
import jobsPlugin, { type JobsOptions } from './platform/jobs.ts';
import { logSerializers } from './platform/log-redaction.ts';
import metricsPlugin from './platform/metrics/plugin.ts';
import operatorActions from './platform/operator-api.ts';
import rateLimit from './platform/rate-limit.ts';
import requestIds, { requestIdOf } from './platform/request-ids.ts';
import securityHeaders, { type PolicySources } from './platform/security-headers.ts';
import sharedState from './platform/shared-state.ts';
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
  studioFeed?: HouseStudioFeed;
  /**
   * `run` (default): the deploy steps run at start (deploy/deploy-steps.ts), as `npm start` on embedded
   * PGlite and the tests want; `check`: a deployment's `serve`, which ran them apart (`npm run migrate`)
   * and only checks that the schema is this release's.
   */
  deploySteps?: 'run' | 'check';
  /**
   * What the given database already holds, so the deploy steps do not write it again: the content files of
   * CONTENT_DIR, the in-house studio's titles. Tests pass it for a copy of a template that holds them.
   */
  preloaded?: { content?: boolean; studioTitles?: boolean };
  /** Told of every route as it is added (the fuzz test lists the routes outside the OpenAPI document). */
  onRoute?: (route: RouteOptions) => void;
  /** The background job queue's timings (tests shorten them). */
  jobs?: JobsOptions;
  /** How domain events are read (tests and the benchmark shorten the intervals). */
  events?: EventBusOptions;
}

/**
 * How long one client may hold the server. The whole request, headers and body, must arrive within
 * REQUEST_TIMEOUT_SECONDS however slowly its bytes trickle in (else 408, and the connection is
 * closed); an idle keep-alive connection is kept 72 s, longer than a load balancer's usual 60 s so
 * the balancer closes first; a connection on which nothing moves at all (a client that stopped
 * reading) is dropped after both. MAX_CONNECTIONS caps the connections open at once, and
 * MAX_CONNECTIONS_PER_ADDRESS those of one client address.
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

/**
 * What the modules add to every answer's Content-Security-Policy: the operator's games proxy script
 * (GET /api/settings/games_proxy_script_url), which the web app loads and which talks to its own origin,
 * and the realtime connection (this site's WebSocket endpoint or the operator's Centrifugo).
 */
function policySources(config: Config): PolicySources {
  const proxy = config.GAMES_PROXY_SCRIPT_URL ? [new URL(config.GAMES_PROXY_SCRIPT_URL).origin] : [];
  return { script: proxy, connect: [...proxy, connectionOrigin(config)] };
}

/** Builds the whole application without listening, so tests can call it with `inject`. */
export async function buildApp(options: AppOptions) {
  const { config } = options;
  const logger = options.logger ?? { level: config.LOG_LEVEL };
  // Sentry (when SENTRY_DSN is set) before the instance is made, which its tracing watches for.
  const errorReports = await startErrorReporting(config);
  const app = Fastify({
    logger: typeof logger === 'object' ? { ...logger, serializers: logSerializers } : logger,
    trustProxy: config.TRUST_PROXY,
    // A malformed or overlong address is answered like any other bad request.
    frameworkErrors: sendError,
    // One id per request across instances, in its log lines and its answer (platform/request-ids.ts).
    genReqId: requestIdOf,
    // Content's sync and the games import take seconds on a quiet machine and longer on a loaded one
    // (fastify's 10 s ran out with two busy cores); a plugin that never finishes still fails the start.
    pluginTimeout: 120_000,
    ...connectionLimits(config),
  });
  app.server.maxConnections = config.MAX_CONNECTIONS;
  capConnectionsPerAddress(app.server, config.MAX_CONNECTIONS_PER_ADDRESS);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Migrated before any plugin loads: no plugin timeout applies to a first migration (issue 31 item 20).
  const prepared = await prepareDatabase(config, app.log, options.database, (database) =>
    options.deploySteps === 'check'
      ? refuseUnlessMigrated(database, config)
      : runDeploySteps(database, config, app.log, {
          content: options.preloaded?.content !== true,
          titles: options.preloaded?.studioTitles === true ? false : (options.studioFeed ?? houseStudioFeed),
        }),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestIds);
  await app.register(errorReporting, { reports: errorReports });
  // One error handler and one not-found handler for every route registered after it.
  await app.register(errorHandling);

  // Pages and API answers are compressed as they are sent; static assets come precompressed.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // The platform: infrastructure only.
  await app.register(configPlugin, { config });
  await app.register(securityHeaders, policySources(config));
  await app.register(databasePlugin, prepared);
  await app.register(sharedState);
  await app.register(rateLimit);
  await app.register(jobsPlugin, options.jobs ?? {});
  await app.register(eventsPlugin, options.events ?? {});
  await app.register(metricsPlugin);
  await app.register(session, {
    playerOfSession: (token) => playerIdForSession(app.database.db, token, app.clock.now()),
    endedFor: (token) => sessionEndedFor(app.database.db, token),
    startedAt: (token) => sessionStartedAt(app.database.db, token),
    endPlayerSessions,
  });
  await app.register(afterResponse);
  await app.register(apiConventions);
  await app.register(operatorActions);
  await app.register(clockPlugin);
  await app.register(healthRoutes);
  await app.register(imagesPlugin);

  // Then the capabilities, in order.
  await registerModules(app, { games: { feed: options.studioFeed } });

  // Last, the web app: every path nothing above claims is a page.
  if (options.web !== false) {
    await app.register(webPlugin, {
      ...(options.web ?? {}),
      pageContext: pageContextOf(app),
      pageVariant: pageVariantOf(app),
    });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
