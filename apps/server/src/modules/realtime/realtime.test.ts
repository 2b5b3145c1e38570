import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type ChannelPositions, privateChannelNames, publicChannelNames } from '@chrysos/contract';
import { createDatabase, type Database, schema } from '@chrysos/db';
import {
  type DatabaseKind,
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '@chrysos/db/testing';
import { signBody } from '@chrysos/wallet-protocol';
import { Centrifuge, type PublicationContext, type SubscribedContext } from 'centrifuge';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildApp } from '../../app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { newGameSession, newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { dropRedisKeys, testRedisPrefix, testRedisUrl } from '../../testing/redis.ts';
import { waitUntil } from '../../testing/wait.ts';
import { parseConfig } from '../config.ts';
import { appendPublication } from './history.ts';
import { ConnectionTokens } from './tokens.ts';

/*
 * Spec §7 Realtime subscriptions, served in the Centrifugo client protocol and driven by the official
 * `centrifuge` client over a real socket: tokens, channel permissions, publications from bookings and
 * group changes, recovery after a dropped connection and after the server died, fan-out across
 * instances through Redis, and publishing to an operator's Centrifugo instead.
 */

const studioSecret = 'a-studio-secret-that-is-long-enough-1234';
const studio = 'chrysos-studio';
const tokenSecret = 'a-realtime-token-secret-of-this-test-suite';
const baseEnv = {
  NODE_ENV: 'test',
  WALLET_STUDIOS: JSON.stringify({ [studio]: studioSecret }),
  REALTIME_TOKEN_SECRET: tokenSecret,
  REALTIME_BIG_WIN_CENTS: '5000',
};
const quickEvents = { pollMs: 20, holeGraceMs: 100, retryMs: 20 };
const often = { interval: 20 };

type App = Awaited<ReturnType<typeof buildApp>>;
/** The factories take any built app: these tests build theirs listening, several per database. */
type FactoryApp = Parameters<typeof newPlayer>[0];
const asFactoryApp = (app: App) => app as unknown as FactoryApp;

const siteConfig = parseConfig(baseEnv);

/**
 * A database copied from the run's template with the site's content and the studio's titles in it, so
 * an app starting on it writes neither again: the recovery test starts two apps on one of its own, and
 * each start used to sync the content and import the titles anew (the slowest part of a start, and the
 * one that ran out of time in loaded full runs).
 */
const siteDatabase = (kind: DatabaseKind) =>
  openTestDatabase(kind, { contentDir: siteConfig.CONTENT_DIR, studioTitles: true });

/** What an app need not write again on a database that holds it (as testing/build-test-app.ts says). */
const preloadedBy = (holds: TestDatabase['holds']) => ({
  content: holds?.content.dir === siteConfig.CONTENT_DIR && holds.content.licence === siteConfig.LICENSE,
  studioTitles: holds?.studioTitles === true,
});

async function startApp(
  database: Database,
  env: Record<string, string> = {},
  port = 0,
  holds = (database as TestDatabase).holds,
) {
  const app = await buildApp({
    config: parseConfig({ ...baseEnv, ...env }),
    database,
    preloaded: preloadedBy(holds),
    web: false,
    logger: false,
    events: quickEvents,
  });
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address() as AddressInfo;
  return Object.assign(app, {
    port: address.port,
    wsUrl: `ws://127.0.0.1:${address.port}/connection/websocket`,
  });
}

/** The realtime settings a signed-in browser of `player` gets. */
async function settingsOf(app: App, player?: TestPlayer) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/player/settings',
    headers: player ? { cookie: player.cookie } : {},
  });
  expect(response.statusCode).toBe(200);
  return { cent: response.json().cent, cacheControl: response.headers['cache-control'] };
}

/** The studio's signed wallet calls for a funded player. */
async function seat(app: App, funded = 100_000) {
  const player = await newPlayer(asFactoryApp(app), { currency: 'EUR', funded });
  const token = await newGameSession(asFactoryApp(app), player);
  const call = async (path: string, fields: Record<string, unknown>) => {
    const body = JSON.stringify({
      user: player.id,
      token,
      request_uuid: randomUUID(),
      game_code: 'golden-reels',
      currency: 'EUR',
      ...fields,
    });
    const response = await app.inject({
      method: 'POST',
      url: `/wallet/${path}`,
      headers: {
        'content-type': 'application/json',
        'x-chrysos-studio': studio,
        'x-chrysos-signature': signBody(body, studioSecret),
      },
      body,
    });
    expect(response.json().status).toBe('RS_OK');
  };
  const bet = (id: string, amount: number) =>
    call('transaction/bet', { transaction_uuid: id, round: `round-${id}`, amount });
  const win = (id: string, betId: string, amount: number) =>
    call('transaction/win', {
      transaction_uuid: id,
      reference_transaction_uuid: betId,
      round: `round-${betId}`,
      amount,
    });
  return { player, bet, win };
}

/** Until `count` publications of the player's `channel` are stored: what a client coming back recovers. */
async function publicationsStored(app: App, player: TestPlayer, channel: 'balance', count: number) {
  const stored = schema.realtimePublications;
  await waitUntil(async () => {
    const rows = await app.database.db
      .select({ offset: stored.offset })
      .from(stored)
      .where(eq(stored.channel, app.realtime.channelOf(channel, player.id)));
    expect(rows).toHaveLength(count);
  }, often);
}

const clients: Centrifuge[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});

/** The official client, reconnecting quickly, with what it was told kept in order. */
function connect(url: string, token?: string) {
  const client = new Centrifuge(url, {
    ...(token ? { token } : {}),
    minReconnectDelay: 50,
    maxReconnectDelay: 300,
    timeout: 10_000,
  });
  clients.push(client);
  const errors: { type: string; code: number }[] = [];
  const disconnects: number[] = [];
  client.on('error', (ctx) => errors.push({ type: ctx.type, code: ctx.error.code }));
  client.on('disconnected', (ctx) => disconnects.push(ctx.code));
  client.connect();
  const subscribe = (channel: string) => {
    const sub = client.newSubscription(channel);
    const publications: PublicationContext[] = [];
    const subscribed: SubscribedContext[] = [];
    const unsubscribed: number[] = [];
    sub.on('publication', (ctx) => publications.push(ctx));
    sub.on('subscribed', (ctx) => subscribed.push(ctx));
    sub.on('unsubscribed', (ctx) => unsubscribed.push(ctx.code));
    sub.subscribe();
    return { sub, publications, subscribed, unsubscribed, data: () => publications.map((p) => p.data) };
  };
  return { client, errors, disconnects, subscribe };
}

/** The real balance (minor units) of the EUR account in a `balance` publication. */
const eurOf = (data: unknown) =>
  (data as { currency: string; amount_cents: number }[]).find((a) => a.currency === 'EUR')?.amount_cents;

describe.each(testDatabaseKinds)('realtime push on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    database = await siteDatabase(kind);
    app = await startApp(database, { PUBLIC_URL: 'https://casino.test' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('gives a signed-in player a short-lived token for their own channels, and a visitor none', async () => {
    const { player } = await seat(app);
    const { cent, cacheControl } = await settingsOf(app, player);
    expect(cacheControl).toBe('private, no-store');
    expect(cent.url).toBe('wss://casino.test/connection/websocket');
    // The channel suffix says nothing of the player's id.
    expect(cent.user).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cent.user).not.toContain(player.id.slice(0, 8));
    const { payload } = await jwtVerify(cent.token, new TextEncoder().encode(tokenSecret));
    expect(payload.sub).toBe(cent.user);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(900);
    expect(cent.timestamp).toBe(payload.iat);
    const visitor = await settingsOf(app);
    expect(visitor.cent).toMatchObject({
      url: 'wss://casino.test/connection/websocket',
      user: null,
      token: null,
    });
  });

  it('pushes the balance after each booking and the groups after a change to the player’s own channels', async () => {
    const { player, bet, win } = await seat(app, 100_000);
    const { cent } = await settingsOf(app, player);
    const { subscribe } = connect(app.wsUrl, cent.token);
    const balance = subscribe(`balance#${cent.user}`);
    const groups = subscribe(`groups_updates#${cent.user}`);
    await waitUntil(() => expect(balance.subscribed).toHaveLength(1), often);
    await waitUntil(() => expect(groups.subscribed).toHaveLength(1), often);

    await bet('b1', 1_000);
    await win('w1', 'b1', 3_000);
    // One publication per booking, each the accounts as that booking left them.
    await waitUntil(() => expect(balance.data().map(eurOf)).toEqual([99_000, 102_000]), often);
    expect(balance.publications.map((p) => p.offset)).toEqual([1, 2]);

    const added = await app.inject({
      method: 'POST',
      url: '/api/player/groups',
      headers: { cookie: player.cookie },
      payload: { groups: { add: ['pwa'] } },
    });
    expect(added.statusCode).toBe(200);
    await waitUntil(() => expect(groups.data()).toEqual([[{ id: 'pwa' }]]), often);
  });

  it('announces a big win to everyone on public:wins, visitors too, without saying who won', async () => {
    const visitor = connect(app.wsUrl);
    const wins = visitor.subscribe('public:wins');
    await waitUntil(() => expect(wins.subscribed).toHaveLength(1), often);
    const { bet, win } = await seat(app, 100_000);
    await bet('big-bet', 1_000);
    await win('small-win', 'big-bet', 4_999);
    await bet('big-bet-2', 1_000);
    await win('big-win', 'big-bet-2', 5_000);
    await waitUntil(() => expect(wins.publications).toHaveLength(1), often);
    expect(wins.data()[0]).toMatchObject({ amount_cents: 5_000, currency: 'EUR', game_code: 'golden-reels' });
    expect(JSON.stringify(wins.data()[0])).not.toContain('@');
  });

  it('refuses another player’s channel, an unknown channel, and a visitor’s private subscription', async () => {
    const a = await seat(app);
    const b = await seat(app);
    const centA = (await settingsOf(app, a.player)).cent;
    const centB = (await settingsOf(app, b.player)).cent;
    const asA = connect(app.wsUrl, centA.token);
    const theirs = asA.subscribe(`balance#${centB.user}`);
    const unknown = asA.subscribe(`secrets#${centA.user}`);
    const own = asA.subscribe(`balance#${centA.user}`);
    await waitUntil(() => expect(theirs.unsubscribed).toEqual([103]), often);
    await waitUntil(() => expect(unknown.unsubscribed).toEqual([102]), often);
    await waitUntil(() => expect(own.subscribed).toHaveLength(1), often);

    const visitor = connect(app.wsUrl);
    const private_ = visitor.subscribe(`balance#${centA.user}`);
    await waitUntil(() => expect(private_.unsubscribed).toEqual([103]), often);

    // B's bookings reach no one on A's connection.
    await b.bet('b-only', 500);
    await a.bet('a-only', 700);
    await waitUntil(() => expect(own.data().map(eurOf)).toEqual([99_300]), often);
    expect(theirs.publications).toEqual([]);
  });

  it('extends a connection with a fresh token of the same player, and ends it on another player’s', async () => {
    const a = await seat(app);
    const b = await seat(app);
    const centA = (await settingsOf(app, a.player)).cent;
    const again = (await settingsOf(app, a.player)).cent;
    const centB = (await settingsOf(app, b.player)).cent;
    const socket = new WebSocket(app.wsUrl);
    const replies: Record<string, unknown>[] = [];
    let closed: number | undefined;
    socket.addEventListener('message', (event) => {
      for (const line of String(event.data).split('\n')) if (line) replies.push(JSON.parse(line));
    });
    socket.addEventListener('close', (event) => {
      closed = event.code;
    });
    await new Promise((resolve) => socket.addEventListener('open', resolve));
    socket.send(JSON.stringify({ id: 1, connect: { token: centA.token } }));
    socket.send(JSON.stringify({ id: 2, refresh: { token: again.token } }));
    await waitUntil(() => expect(replies).toHaveLength(2), often);
    expect(replies[0]).toMatchObject({ id: 1, connect: { expires: true, ping: 25, pong: true } });
    expect(replies[1]).toMatchObject({ id: 2, refresh: { expires: true } });
    socket.send(JSON.stringify({ id: 3, refresh: { token: centB.token } }));
    await waitUntil(() => expect(closed).toBe(3500), often);
  });

  it('refuses a connection that subscribes over and over', async () => {
    const socket = new WebSocket(app.wsUrl);
    const replies: { id: number; error?: { code: number } }[] = [];
    socket.addEventListener('message', (event) => {
      for (const line of String(event.data).split('\n')) if (line) replies.push(JSON.parse(line));
    });
    await new Promise((resolve) => socket.addEventListener('open', resolve));
    const commands = [JSON.stringify({ id: 1, connect: {} })];
    for (let n = 0; n < 31; n++) {
      commands.push(JSON.stringify({ id: 2 + 2 * n, subscribe: { channel: 'public:wins' } }));
      commands.push(JSON.stringify({ id: 3 + 2 * n, unsubscribe: { channel: 'public:wins' } }));
    }
    socket.send(commands.join('\n'));
    await waitUntil(() => expect(replies).toHaveLength(63), often);
    const refused = replies.filter((reply) => reply.error);
    expect(refused).toEqual([
      { id: 62, error: { code: 111, message: 'too many requests', temporary: true } },
    ]);
    socket.close();
  });

  it('refuses an expired token (the client is told so) and closes on a forged one for good', async () => {
    const { player } = await seat(app);
    const { cent } = await settingsOf(app, player);
    const tokens = new ConnectionTokens(tokenSecret, 60);
    const expired = (await tokens.sign(cent.user, Date.now() - 120_000)).token;
    const late = connect(app.wsUrl, expired);
    await waitUntil(() => expect(late.errors).toContainEqual({ type: 'connect', code: 109 }), often);
    expect(late.client.state).not.toBe('connected');

    const forged = (await new ConnectionTokens('another-secret-that-is-long-enough-000', 60).sign(cent.user))
      .token;
    const forger = connect(app.wsUrl, forged);
    await waitUntil(() => expect(forger.disconnects).toContain(3500), often);
    expect(forger.client.state).toBe('disconnected');
  });

  it('recovers what was published while the connection was down, once each and in order', async () => {
    const { player, bet } = await seat(app, 100_000);
    const { cent } = await settingsOf(app, player);
    const { client, subscribe } = connect(app.wsUrl, cent.token);
    const balance = subscribe(`balance#${cent.user}`);
    await waitUntil(() => expect(balance.subscribed).toHaveLength(1), often);
    await bet('before', 100);
    await waitUntil(() => expect(balance.data().map(eurOf)).toEqual([99_900]), often);

    client.disconnect();
    await bet('away-1', 100);
    await bet('away-2', 100);
    await bet('away-3', 100);
    await waitUntil(async () => {
      const history = await app.inject({
        method: 'GET',
        url: '/api/player/accounts',
        headers: { cookie: player.cookie },
      });
      expect(history.json()[0].amount_cents).toBe(99_600);
    }, often);
    // Stored while nobody listens.
    await publicationsStored(app, player, 'balance', 4);
    client.connect();
    await waitUntil(() => expect(balance.subscribed).toHaveLength(2), often);
    expect(balance.subscribed[1]).toMatchObject({ wasRecovering: true, recovered: true });
    await waitUntil(() => expect(balance.data().map(eurOf)).toEqual([99_900, 99_800, 99_700, 99_600]), often);
    expect(balance.publications.map((p) => p.offset)).toEqual([1, 2, 3, 4]);
    await bet('after', 100);
    await waitUntil(() => expect(balance.publications.map((p) => p.offset)).toEqual([1, 2, 3, 4, 5]), often);
  });

  it('gives each page the positions its player’s channels stood at, from which each recovers only what followed', async () => {
    const paying = await seat(app, 100_000);
    const other = await seat(app, 50_000);
    await handlersCaughtUp(app.database.db);
    // Where the channels stand when the two pages read their data.
    const [sincePaying, sinceOther] = await Promise.all([
      app.realtime.positionsFor(paying.player.id),
      app.realtime.positionsFor(other.player.id),
    ]);
    expect(Object.keys(sincePaying ?? {}).sort()).toEqual(
      [...privateChannelNames, ...publicChannelNames.map((name) => `public:${name}`)].sort(),
    );
    await paying.bet('after-read-1', 1_000);
    await paying.bet('after-read-2', 1_000);
    await other.bet('after-read-3', 500);
    await handlersCaughtUp(app.database.db);

    const subscribeFrom = async (player: TestPlayer, since: ChannelPositions | null) => {
      const { cent } = await settingsOf(app, player);
      const { client } = connect(app.wsUrl, cent.token);
      const sub = client.newSubscription(`balance#${cent.user}`, { since: since?.balance ?? null });
      const publications: PublicationContext[] = [];
      const subscribed: SubscribedContext[] = [];
      sub.on('publication', (ctx) => publications.push(ctx));
      sub.on('subscribed', (ctx) => subscribed.push(ctx));
      sub.subscribe();
      await waitUntil(() => expect(subscribed).toHaveLength(1), often);
      return { subscribed: subscribed[0], balances: () => publications.map((p) => eurOf(p.data)) };
    };
    const [payingPage, otherPage] = await Promise.all([
      subscribeFrom(paying.player, sincePaying),
      subscribeFrom(other.player, sinceOther),
    ]);
    // Recovered, so the pages read nothing again: each gets its own player's bookings since its read.
    expect(payingPage.subscribed).toMatchObject({ wasRecovering: true, recovered: true });
    expect(otherPage.subscribed).toMatchObject({ wasRecovering: true, recovered: true });
    await waitUntil(() => expect(payingPage.balances()).toEqual([99_000, 98_000]), often);
    await waitUntil(() => expect(otherPage.balances()).toEqual([49_500]), often);
  });

  it('fills a publication that never reached this instance from the history, keeping the order', async () => {
    const player = await newPlayer(asFactoryApp(app), { funded: 1_000 });
    const { cent } = await settingsOf(app, player);
    const { subscribe } = connect(app.wsUrl, cent.token);
    const comps = subscribe(`comps_award#${cent.user}`);
    await waitUntil(() => expect(comps.subscribed).toHaveLength(1), often);
    // Stored but never fanned out (as if its instance died between the commit and the push)…
    await appendPublication(app.database.db, `comps_award#${cent.user}`, { points: 1 });
    // …then the next one arrives: the client is told its state is short, resubscribes and recovers both.
    const effects: (() => unknown)[] = [];
    await app.database.db.transaction(async (tx) => {
      await app.realtime.publishToPlayer(
        { db: tx as never, afterCommit: (effect) => void effects.push(effect) },
        'comps_award',
        player.id,
        { points: 2 },
        'test:gap',
      );
    });
    for (const effect of effects) await effect();
    await waitUntil(() => expect(comps.data()).toEqual([{ points: 1 }, { points: 2 }]), often);
    expect(comps.unsubscribed).toEqual([]);
    expect(comps.subscribed).toHaveLength(2);
    expect(comps.subscribed[1]).toMatchObject({ wasRecovering: true, recovered: true });
  });

  // Two apps start, and the client comes back after its reconnect back-off: more than the default
  // ceiling on a loaded machine.
  it('recovers after the server was killed and another instance took its place on the same database', {
    timeout: 240_000,
  }, async () => {
    // Failed once in a loaded full run by the test's own time-out (it takes 2–13 s), which does not say
    // where it stood: the steps it reached are printed when it fails ("closed" once cleanup ended).
    const steps = ['start the first instance'];
    onTestFailed(() => console.error(`the recovery test reached: ${steps.join(' → ')}`));
    // A database of its own: no other instance's handlers publish what this test waits for.
    const own = await siteDatabase(kind);
    const pool = kind === 'postgres' ? await createDatabase({ url: own.url, poolSize: 4 }) : own;
    const first = await startApp(own);
    const sockets = new Set<Socket>();
    first.server.on('upgrade', (_request, socket) => sockets.add(socket as Socket));
    const { player, bet } = await seat(first, 100_000);
    steps.push('connect the client');
    const { cent } = await settingsOf(first, player);
    const { client, subscribe } = connect(first.wsUrl, cent.token);
    const balance = subscribe(`balance#${cent.user}`);
    await waitUntil(() => expect(balance.subscribed).toHaveLength(1), often);
    steps.push('the push of the first bet');
    await bet('before-crash', 100);
    await waitUntil(() => expect(balance.data().map(eurOf)).toEqual([99_900]), often);

    // kill -9: the sockets die without a close frame, nothing is said to the client.
    // Until the instance is closed, every socket it holds is destroyed, also one the client opened again
    // between the first kill and the end of listening: app.close() waits for open connections, and one
    // that reconnected in that gap (in loaded full runs) kept the close waiting until the test's time-out.
    steps.push('kill the first instance');
    const port = first.port;
    const kill = () => {
      for (const socket of sockets) socket.destroy();
    };
    kill();
    const killing = setInterval(kill, 10);
    try {
      await first.close();
    } finally {
      clearInterval(killing);
    }
    steps.push('the client sees the connection gone');
    await waitUntil(() => expect(client.state).toBe('connecting'), often);

    steps.push('start the second instance');
    const second = await buildApp({
      config: parseConfig(baseEnv),
      database: pool,
      preloaded: preloadedBy(own.holds),
      web: false,
      logger: false,
      events: quickEvents,
    });
    await second.ready();
    try {
      // Booked for the first player while no instance serves WebSockets.
      steps.push('bets while no instance serves WebSockets');
      const session = await newGameSession(asFactoryApp(second), player);
      for (const id of ['down-1', 'down-2']) {
        const body = JSON.stringify({
          user: player.id,
          token: session,
          request_uuid: randomUUID(),
          game_code: 'golden-reels',
          currency: 'EUR',
          transaction_uuid: id,
          round: `round-${id}`,
          amount: 100,
        });
        const answer = await second.inject({
          method: 'POST',
          url: '/wallet/transaction/bet',
          headers: {
            'content-type': 'application/json',
            'x-chrysos-studio': studio,
            'x-chrysos-signature': signBody(body, studioSecret),
          },
          body,
        });
        expect(answer.json().status).toBe('RS_OK');
      }
      steps.push('the second instance stores the pushes');
      await publicationsStored(second, player, 'balance', 3);
      steps.push('the client recovers from the second instance');
      await second.listen({ host: '127.0.0.1', port });
      await waitUntil(() => expect(balance.subscribed.length).toBeGreaterThanOrEqual(2), often);
      expect(balance.subscribed.at(-1)).toMatchObject({ wasRecovering: true, recovered: true });
      await waitUntil(() => expect(balance.data().map(eurOf)).toEqual([99_900, 99_800, 99_700]), often);
      expect(balance.publications.map((p) => p.offset)).toEqual([1, 2, 3]);
    } finally {
      steps.push('close the second instance and the databases');
      for (const client of clients.splice(0)) client.disconnect();
      await second.close();
      if (pool !== own) await pool.close();
      await own.close();
      steps.push('closed');
    }
  });
});

describe.each(testDatabaseKinds)('realtime connection limits and liveness on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    database = await siteDatabase(kind);
    app = await startApp(database, {
      REALTIME_PING_SECONDS: '1',
      REALTIME_CONNECTIONS_PER_USER: '2',
      REALTIME_CONNECTIONS_PER_IP: '3',
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Whether one more official client gets connected, or the code it was closed with for good. */
  async function attempt(token?: string) {
    const next = connect(app.wsUrl, token);
    await waitUntil(() => expect(['connected', 'disconnected']).toContain(next.client.state), often);
    return next.client.state === 'connected' ? 'connected' : next.disconnects[0];
  }

  it('lets one address hold so many visitor connections, refusing one more for good (3504)', async () => {
    for (let n = 0; n < 3; n++) expect(await attempt()).toBe('connected');
    expect(await attempt()).toBe(3504);
    // A signed-in player from the same address is counted as that player, not as a visitor.
    const { player } = await seat(app);
    expect(await attempt((await settingsOf(app, player)).cent.token)).toBe('connected');
  });

  it('lets a player hold so many connections, refusing one more, and frees the place when one closes', async () => {
    const a = await seat(app);
    const b = await seat(app);
    const tokenA = (await settingsOf(app, a.player)).cent.token;
    const first = connect(app.wsUrl, tokenA);
    await waitUntil(() => expect(first.client.state).toBe('connected'), often);
    expect(await attempt(tokenA)).toBe('connected');
    expect(await attempt(tokenA)).toBe(3504);
    // Another player is not held back by the first one's connections.
    expect(await attempt((await settingsOf(app, b.player)).cent.token)).toBe('connected');
    first.client.disconnect();
    await waitUntil(async () => expect(await attempt(tokenA)).toBe('connected'), often);
  });

  it('closes a connection whose token expired without a refresh (3005) and keeps a refreshed one', async () => {
    const { player } = await seat(app);
    const { cent } = await settingsOf(app, player);
    // A token that ends in three seconds, and a browser that cannot get another one. It is signed as
    // the client connects, not before: on a loaded machine a token signed earlier could expire before
    // the connect was read, and the client never connected at all.
    const shortToken = async () => (await new ConnectionTokens(tokenSecret, 3).sign(cent.user)).token;
    let issued = 0;
    const client = new Centrifuge(app.wsUrl, {
      getToken: async () => {
        issued += 1;
        if (issued > 1) throw new Error('the settings could not be read');
        return shortToken();
      },
      minReconnectDelay: 50,
      maxReconnectDelay: 300,
    });
    clients.push(client);
    const connecting: number[] = [];
    const errors: string[] = [];
    client.on('connecting', (ctx) => connecting.push(ctx.code));
    client.on('error', (ctx) => errors.push(ctx.type));
    client.connect();
    await waitUntil(() => expect(client.state).toBe('connected'), often);
    await waitUntil(() => expect(connecting).toContain(3005), often);
    expect(errors).toContain('refreshToken');

    // The same, with a browser that gets a fresh token each time: still connected long past the first
    // token's expiry and the server's grace after it.
    let tokens = 0;
    const fresh = new Centrifuge(app.wsUrl, {
      getToken: async () => {
        tokens += 1;
        return shortToken();
      },
      minReconnectDelay: 50,
      maxReconnectDelay: 300,
    });
    clients.push(fresh);
    const freshConnecting: number[] = [];
    fresh.on('connecting', (ctx) => freshConnecting.push(ctx.code));
    fresh.connect();
    // The first token, then three refreshes.
    await waitUntil(() => expect(tokens).toBeGreaterThanOrEqual(4), often);
    expect(freshConnecting.filter((code) => code !== 0)).toEqual([]);
    expect(fresh.state).toBe('connected');
  });

  it('closes a connection that stops answering the server’s pings (3012); the official client answers', async () => {
    const answering = connect(app.wsUrl);
    await waitUntil(() => expect(answering.client.state).toBe('connected'), often);
    const socket = new WebSocket(app.wsUrl);
    const frames: string[] = [];
    let closed: { code: number; reason: string } | undefined;
    socket.addEventListener('message', (event) => {
      frames.push(String(event.data));
    });
    socket.addEventListener('close', (event) => {
      closed = { code: event.code, reason: event.reason };
    });
    await new Promise((resolve) => socket.addEventListener('open', resolve));
    socket.send(JSON.stringify({ id: 1, connect: {} }));
    await waitUntil(() => expect(closed).toEqual({ code: 3012, reason: 'no pong' }), often);
    // It was pinged (an empty frame) and never answered; the client that answers stayed connected.
    expect(JSON.parse(frames[0] ?? '{}')).toMatchObject({ id: 1, connect: { ping: 1, pong: true } });
    expect(frames).toContain('{}');
    expect(answering.client.state).toBe('connected');
    expect(answering.disconnects).toEqual([]);
  });
});

describeOnPostgres('realtime push across two instances through Redis', () => {
  const prefix = testRedisPrefix();
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const pools: Database[] = [];
  const apps: Awaited<ReturnType<typeof startApp>>[] = [];

  beforeAll(async () => {
    if (!testRedisUrl) return;
    database = await siteDatabase('postgres');
    for (let n = 0; n < 2; n++) {
      const pool = await createDatabase({ url: database.url, poolSize: 4 });
      pools.push(pool);
      apps.push(
        await startApp(pool, { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix }, 0, database.holds),
      );
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const pool of pools) await pool.close();
    await database?.close();
    if (testRedisUrl) await dropRedisKeys(testRedisUrl, prefix);
  });

  it.skipIf(!testRedisUrl)(
    'delivers the publications made on one instance to a client of the other',
    async () => {
      const [one, other] = apps as unknown as [App & { wsUrl: string }, App & { wsUrl: string }];
      const player = await newPlayer(asFactoryApp(one), { funded: 1_000 });
      const { cent } = await settingsOf(other, player);
      const { subscribe } = connect(other.wsUrl, cent.token);
      const comps = subscribe(`comps_award#${cent.user}`);
      await waitUntil(() => expect(comps.subscribed).toHaveLength(1), often);
      // Published by the first instance, as a capability's event handler would.
      const effects: (() => unknown)[] = [];
      await one.database.db.transaction(async (tx) => {
        await one.realtime.publishToPlayer(
          { db: tx as never, afterCommit: (effect) => void effects.push(effect) },
          'comps_award',
          player.id,
          { points: 42 },
          'test:comps',
        );
      });
      for (const effect of effects) await effect();
      await waitUntil(() => expect(comps.data()).toEqual([{ points: 42 }]), often);

      // A batch's publications (a handler's for many players) cross together, in their order.
      const batch: (() => unknown)[] = [];
      await one.database.db.transaction(async (tx) => {
        await one.realtime.publishManyToPlayers(
          { db: tx as never, afterCommit: (effect) => void batch.push(effect) },
          'comps_award',
          [43, 44].map((points) => ({ playerId: player.id, data: { points }, key: `test:comps:${points}` })),
        );
      });
      for (const effect of batch) await effect();
      await waitUntil(
        () => expect(comps.data()).toEqual([{ points: 42 }, { points: 43 }, { points: 44 }]),
        often,
      );
    },
  );
});

describe.each(testDatabaseKinds)('publishing to an operator’s Centrifugo on %s', (kind) => {
  const apiKey = 'the-centrifugo-api-key-of-this-test';
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: App;
  let standIn: Server;
  const received: { key: string | undefined; path: string | undefined; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    // Centrifugo's server API as far as publishing goes: the key is checked, the body recorded.
    standIn = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const key = request.headers['x-api-key'] as string | undefined;
        if (key !== apiKey) {
          response.writeHead(401).end();
          return;
        }
        received.push({ key, path: request.url, body: JSON.parse(body) });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"result":{}}');
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.address() as AddressInfo;
    database = await siteDatabase(kind);
    app = await buildApp({
      config: parseConfig({
        ...baseEnv,
        CENTRIFUGO_API_URL: `http://127.0.0.1:${port}`,
        CENTRIFUGO_API_KEY: apiKey,
        CENTRIFUGO_PUBLIC_URL: 'wss://realtime.casino.test/connection/websocket',
      }),
      database,
      preloaded: preloadedBy(database.holds),
      web: false,
      logger: false,
      events: quickEvents,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    standIn?.close();
  });

  it('publishes the same channels through its HTTP API and hands browsers its address', async () => {
    const { player, bet } = await seat(app, 10_000);
    const { cent } = await settingsOf(app, player);
    expect(cent.url).toBe('wss://realtime.casino.test/connection/websocket');
    const { payload } = await jwtVerify(cent.token, new TextEncoder().encode(tokenSecret));
    expect(payload.sub).toBe(cent.user);

    await bet('via-centrifugo', 2_500);
    // The bet earns comp points too: the loyalty programme's push goes the same way, in its own time.
    const on = (channel: string) => received.filter((r) => r.body.channel === `${channel}#${cent.user}`);
    await waitUntil(() => {
      expect(on('balance')).toHaveLength(1);
      expect(on('comps_award')).toHaveLength(1);
    }, often);
    const [balance] = on('balance');
    expect(balance?.path).toBe('/api/publish');
    expect(eurOf(balance?.body.data)).toBe(7_500);
    expect(balance?.body.idempotency_key).toMatch(/^ledger:\d+:balance$/);
    expect(received.map((r) => r.body.channel).sort()).toEqual([
      `balance#${cent.user}`,
      `comps_award#${cent.user}`,
    ]);
    // The product serves no WebSocket of its own then.
    const upgrade = await app.inject({ method: 'GET', url: '/connection/websocket' });
    expect(upgrade.statusCode).toBe(404);
  });
});
