import { randomBytes } from 'node:crypto';
import { schema } from '@chrysos/db';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { operatorScope } from '../../platform/operator-api.ts';
import { type Broker, InProcessBroker, RedisBroker } from './broker.ts';
import { CentrifugoApi } from './centrifugo-api.ts';
import { crmRoutes } from './crm-routes.ts';
import { publishBigWin } from './handlers/publish-big-win.ts';
import { publishBonusBalances } from './handlers/publish-bonus-balances.ts';
import { publishGameBalances } from './handlers/publish-game-balances.ts';
import { publishGroups } from './handlers/publish-groups.ts';
import { publishPaymentBalances } from './handlers/publish-payment-balances.ts';
import { channelPositions, channelState } from './history.ts';
import { Hub } from './hub.ts';
import { defineRealtimeJobs } from './jobs.ts';
import { realtimeMetrics } from './metrics.ts';
import { connectionUrl, Realtime } from './realtime.ts';
import { ConnectionTokens } from './tokens.ts';

/** Commands a client sends are small (a token, a channel name). */
const maxCommandBytes = 64 * 1024;

/** The configured token secret, or the one the first instance generated and stored. */
async function tokenSecret(app: FastifyInstance): Promise<string> {
  if (app.config.REALTIME_TOKEN_SECRET) return app.config.REALTIME_TOKEN_SECRET;
  const { db } = app.database;
  await db
    .insert(schema.realtimeKeys)
    .values({ id: 1, hmacSecret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(schema.realtimeKeys);
  if (!row) throw new Error('no realtime token secret');
  return row.hmacSecret;
}

/**
 * Realtime push (spec §7 Realtime subscriptions, docs/decisions: realtime push): the Centrifugo client
 * protocol served at /connection/websocket, each channel's history in the database, fan-out in process
 * or through Redis; or, with CENTRIFUGO_API_URL, publications sent to the operator's Centrifugo.
 */
async function realtime(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const secret = await tokenSecret(app);
  const tokens = new ConnectionTokens(secret, config.REALTIME_TOKEN_TTL_SECONDS);
  const url = connectionUrl(config);
  const metrics = realtimeMetrics(app.metrics);
  const { published } = metrics;

  if (config.CENTRIFUGO_API_URL && config.CENTRIFUGO_API_KEY) {
    const api = new CentrifugoApi(config.CENTRIFUGO_API_URL, config.CENTRIFUGO_API_KEY);
    app.decorate(
      'realtime',
      new Realtime({ secret, tokens, url, target: { kind: 'centrifugo', api }, published }),
    );
  } else {
    const { db } = app.database;
    const hub = new Hub({
      tokens,
      channelState: (channel, since) => channelState(db, channel, since, config.REALTIME_HISTORY_SIZE),
      log: app.log,
      pingSeconds: config.REALTIME_PING_SECONDS,
      connectionsPerUser: config.REALTIME_CONNECTIONS_PER_USER,
      connectionsPerAddress: config.REALTIME_CONNECTIONS_PER_IP,
    });
    const deliver = hub.deliver.bind(hub);
    let broker: Broker = new InProcessBroker(deliver);
    if (config.REDIS_URL) {
      const onError = (error: unknown) => app.log.warn({ err: error }, 'realtime: Redis fan-out failed');
      broker = await RedisBroker.connect(config.REDIS_URL, config.REDIS_KEY_PREFIX, deliver, onError);
    }
    app.decorate(
      'realtime',
      new Realtime({
        secret,
        tokens,
        url,
        target: {
          kind: 'product',
          broker: () => broker,
          positions: (channels) => channelPositions(db, channels),
        },
        published,
      }),
    );
    metrics.measureConnections(hub);
    // Clients are told to reconnect (elsewhere, or here after a restart) before the server goes.
    app.addHook('preClose', async () => hub.shutdown());
    app.addHook('onClose', async () => broker.close());
    await app.register(async (scope) => {
      await scope.register(websocket, { options: { maxPayload: maxCommandBytes } });
      scope.get('/connection/websocket', { websocket: true, schema: { hide: true } }, (socket, request) =>
        hub.accept(socket, request.ip),
      );
    });
  }

  // The publications the product makes itself, each from the domain event that causes it (never from
  // a request handler). Bonuses, free spins, lootboxes, comp points and jackpots publish from their
  // own capabilities' handlers.
  app.events.register(app, [
    publishGameBalances,
    publishPaymentBalances,
    publishBonusBalances,
    publishGroups,
    publishBigWin,
  ]);
  defineRealtimeJobs(app);
  await app.register(operatorScope(crmRoutes));
}

export default fp(realtime, {
  name: 'realtime',
  dependencies: [
    'config',
    'database',
    'jobs',
    'events',
    'metrics',
    'wallet',
    'content',
    'clock',
    'operator-actions',
  ],
});
