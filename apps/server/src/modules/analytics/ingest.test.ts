import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { Analytics } from '@segment/analytics-node';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer } from '../../testing/factories.ts';

const webKey = 'web-source-key-for-tests';
const serverKey = 'a-server-source-key-only-the-back-end-knows';
const operatorToken = 'an-operator-token-for-the-ingest-tests-0123';

describe.each(testDatabaseKinds)('the analytics ingest on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(kind, {
      PUBLIC_URL: 'https://casino.example',
      ANALYTICS_WRITE_KEY: webKey,
      ANALYTICS_SERVER_WRITE_KEY: serverKey,
      OPERATOR_API_TOKEN: operatorToken,
    });
  });
  afterAll(() => app.closeAll());

  const events = (source: string) =>
    app.database.db
      .select()
      .from(schema.analyticsEvents)
      .where(eq(schema.analyticsEvents.source, source))
      .orderBy(asc(schema.analyticsEvents.occurredAt));
  /** Posts as analytics-next does: text/plain JSON, the write key in the body. */
  const post = (url: string, body: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain', ...headers },
      payload: JSON.stringify(body),
      remoteAddress: '203.0.113.20',
    });
  const track = (messageId: string, fields: object = {}) => ({
    type: 'track',
    event: 'Game Launched',
    messageId,
    anonymousId: 'anon-1',
    properties: { game: 'golden-drachma' },
    ...fields,
  });

  it("serves the browser source's settings: the product's pipeline and the constants of spec §9", async () => {
    const response = await app.inject({ url: `/analytics/v1/projects/${webKey}/settings` });
    expect(response.statusCode).toBe(200);
    const settings = response.json();
    expect(settings.integrations['Segment.io']).toMatchObject({
      apiKey: webKey,
      apiHost: 'casino.example/analytics/v1',
      protocol: 'https',
      deliveryStrategy: { strategy: 'batching', config: { size: 10, timeout: 5000 } },
      httpConfig: { backoffConfig: { maxRetryCount: 4, maxBackoffInterval: 5 } },
    });
    expect(settings.metrics).toMatchObject({
      host: 'casino.example/analytics/v1',
      flushTimer: 30_000,
      maxQueueSize: 20,
    });
    // The server's key is a secret: it has no settings document to read.
    for (const key of [serverKey, 'not-a-key-of-ours']) {
      const refused = await app.inject({ url: `/analytics/v1/projects/${key}/settings` });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().codes).toEqual({ writeKey: ['analytics.write_key_unknown'] });
    }
  });

  it('stores a batch once however often it is re-sent, and each message id of it once', async () => {
    const batch = {
      writeKey: webKey,
      batch: [track('m-1'), track('m-2'), track('m-1')],
      sentAt: new Date().toISOString(),
    };
    for (let send = 0; send < 3; send++) {
      const response = await post('/analytics/v1/b', batch);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
    }
    const stored = (await events('web')).filter((row) => row.messageId.startsWith('m-'));
    expect(stored.map((row) => row.messageId).sort()).toEqual(['m-1', 'm-2']);
    expect(stored[0]).toMatchObject({
      type: 'track',
      name: 'Game Launched',
      anonymousId: 'anon-1',
      userId: null,
    });
  });

  it('takes one event at the path of its type, with the write key in a Basic Authorization header', async () => {
    const basic = `Basic ${Buffer.from(`${webKey}:`).toString('base64')}`;
    const page = {
      type: 'page',
      name: 'Promotions',
      messageId: 'p-1',
      userId: 'player-7',
      properties: { path: '/promotions' },
    };
    expect((await post('/analytics/v1/p', page, { authorization: basic })).statusCode).toBe(200);
    const identify = {
      type: 'identify',
      messageId: 'i-1',
      userId: 'player-7',
      anonymousId: 'anon-7',
      traits: { language: 'el' },
    };
    expect((await post('/analytics/v1/i', { ...identify, writeKey: webKey })).statusCode).toBe(200);
    const rows = await events('web');
    expect(rows.find((row) => row.messageId === 'p-1')).toMatchObject({
      type: 'page',
      name: 'Promotions',
      userId: 'player-7',
      properties: { path: '/promotions' },
    });
    expect(rows.find((row) => row.messageId === 'i-1')).toMatchObject({
      type: 'identify',
      properties: { language: 'el' },
    });
    // A page is not a track: posted to /v1/t it is refused.
    const misplaced = await post('/analytics/v1/t', { ...page, messageId: 'p-2', writeKey: webKey });
    expect(misplaced.statusCode).toBe(400);
    expect(misplaced.json().codes).toEqual({ type: ['analytics.events_invalid'] });
  });

  it("understands a track's money fields (spec §3): numbers read from strings, USD unless named", async () => {
    const response = await post('/analytics/v1/b', {
      writeKey: webKey,
      batch: [
        track('money-1', { event: 'Order Completed', properties: { revenue: '12.50', quantity: 2 } }),
        track('money-2', { event: 'Order Completed', properties: { total: 30, currency: 'EUR' } }),
      ],
    });
    expect(response.statusCode).toBe(200);
    const rows = await events('web');
    expect(rows.find((row) => row.messageId === 'money-1')?.properties).toEqual({
      revenue: 12.5,
      quantity: 2,
      currency: 'USD',
    });
    expect(rows.find((row) => row.messageId === 'money-2')?.properties).toEqual({
      total: 30,
      currency: 'EUR',
    });
  });

  it('keeps the good events of a batch and names the others; refuses a body with none to keep', async () => {
    const mixed = await post('/analytics/v1/b', {
      writeKey: webKey,
      batch: [
        track('mixed-1'),
        track('mixed-2', { anonymousId: undefined }),
        track('mixed-3', { event: undefined }),
        track('mixed-4', { properties: { revenue: 'a lot' } }),
        { type: 'purchase' },
      ],
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toEqual({
      success: true,
      rejected: [
        { index: 1, reason: 'userId or anonymousId is required' },
        { index: 2, reason: 'a track needs its event name' },
        { index: 3, reason: 'properties.revenue must be a number' },
        { index: 4, reason: 'type is not valid' },
      ],
    });
    expect(
      (await events('web')).filter((row) => row.messageId.startsWith('mixed-')).map((row) => row.messageId),
    ).toEqual(['mixed-1']);
    const nothing = await post('/analytics/v1/b', {
      writeKey: webKey,
      batch: [track('none-1', { event: '' })],
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().codes).toEqual({ batch: ['analytics.events_invalid'] });
    const unreadable = await app.inject({
      method: 'POST',
      url: '/analytics/v1/b',
      headers: { 'content-type': 'text/plain' },
      payload: '{"batch": [',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().codes).toEqual({ body: ['request.invalid_json'] });
  });

  it('refuses events without a write key of its sources', async () => {
    for (const writeKey of [undefined, 'someone-elses-key']) {
      const response = await post('/analytics/v1/b', { writeKey, batch: [track('keyless-1')] });
      expect(response.statusCode).toBe(401);
      expect(response.json().codes).toEqual({ writeKey: ['analytics.write_key_unknown'] });
    }
    expect((await events('web')).some((row) => row.messageId === 'keyless-1')).toBe(false);
  });

  it('stores events sent months after the last partition was made (the product clock moved)', async () => {
    const later = new Date(Date.now() + 200 * 86_400_000);
    app.clock.moveTo(later);
    try {
      expect(
        (await post('/analytics/v1/b', { writeKey: webKey, batch: [track('later-1')] })).statusCode,
      ).toBe(200);
      const [row] = (await events('web')).filter((event) => event.messageId === 'later-1');
      expect(row?.receivedAt.toISOString().slice(0, 7)).toBe(later.toISOString().slice(0, 7));
    } finally {
      app.clock.moveTo(new Date());
    }
  });

  it("takes a back end's events from @segment/analytics-node, under the server key", async () => {
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const client = new Analytics({
      writeKey: serverKey,
      host: baseUrl,
      path: '/analytics/v1/batch',
      flushInterval: 50,
    });
    const failures: unknown[] = [];
    client.on('error', (error) => failures.push(error));
    client.identify({ userId: 'player-42', traits: { vip: true }, messageId: 'node-identify' });
    client.track({
      userId: 'player-42',
      event: 'Deposit Made',
      properties: { revenue: 20, currency: 'EUR' },
      messageId: 'node-track',
    });
    client.group({ userId: 'player-42', groupId: 'vip', traits: { tier: 3 }, messageId: 'node-group' });
    client.alias({ userId: 'player-42', previousId: 'anon-42', messageId: 'node-alias' });
    await client.closeAndFlush({ timeout: 30_000 });
    expect(failures).toEqual([]);
    const rows = await events('server');
    expect(
      Object.fromEntries(rows.map((row) => [row.messageId, [row.type, row.name, row.properties]])),
    ).toEqual({
      'node-identify': ['identify', null, { vip: true }],
      'node-track': ['track', 'Deposit Made', { revenue: 20, currency: 'EUR' }],
      'node-group': ['group', null, { groupId: 'vip', traits: { tier: 3 } }],
      'node-alias': ['alias', null, { previousId: 'anon-42' }],
    });
    expect(
      rows.every(
        (row) => (row.context as { library?: { name?: string } }).library?.name === '@segment/analytics-node',
      ),
    ).toBe(true);
  });

  it("records each player's session_end beacon as theirs, and a visitor's as nobody's", async () => {
    const [eleni, nikos] = [await newPlayer(app), await newPlayer(app)];
    const beacon = (messageId: string, cookie?: string) =>
      post(
        '/api/send-event',
        {
          event: 'session_end',
          messageId,
          anonymousId: `anon-${messageId}`,
          duration_ms: 61_000,
          path: '/games/all',
        },
        cookie ? { cookie } : {},
      );
    for (const [messageId, cookie] of [
      ['end-eleni', eleni.cookie],
      ['end-nikos', nikos.cookie],
      ['end-visitor'],
    ] as const) {
      const response = await beacon(messageId, cookie);
      expect(response.statusCode).toBe(202);
    }
    await app.afterResponseSettled();
    const ends = Object.fromEntries(
      (await events('web'))
        .filter((row) => row.name === 'session_end')
        .map((row) => [row.messageId, row.userId]),
    );
    expect(ends).toEqual({ 'end-eleni': eleni.id, 'end-nikos': nikos.id, 'end-visitor': null });
    const refused = await post('/api/send-event', {
      event: 'session_start',
      messageId: 'x',
      anonymousId: 'a',
      duration_ms: 1,
      path: '/',
    });
    expect(refused.statusCode).toBe(422);
  });

  it('stores what /v2/collect-stats receives, with the player who sent it', async () => {
    const eleni = await newPlayer(app);
    const one = await post(
      '/api/v2/collect-stats',
      { name: 'page.lcp_ms', value: 1840, tags: { page: 'home' } },
      { cookie: eleni.cookie },
    );
    expect(one.statusCode).toBe(202);
    const many = await post('/api/v2/collect-stats/many', {
      stats: [
        { name: 'page.cls', value: 0.02 },
        { name: 'game.load_ms', value: 950, tags: { game: 'golden-drachma' } },
      ],
    });
    expect(many.statusCode).toBe(202);
    const rows = await app.database.db
      .select()
      .from(schema.collectedStats)
      .orderBy(asc(schema.collectedStats.name));
    expect(rows.map(({ name, value, tags, playerId }) => ({ name, value, tags, playerId }))).toEqual([
      { name: 'game.load_ms', value: 950, tags: { game: 'golden-drachma' }, playerId: null },
      { name: 'page.cls', value: 0.02, tags: {}, playerId: null },
      { name: 'page.lcp_ms', value: 1840, tags: { page: 'home' }, playerId: eleni.id },
    ]);
    const bad = await post('/api/v2/collect-stats', { name: 'Page LCP', value: 'slow' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().codes).sort()).toEqual(['name', 'value']);
  });

  it("reads one visitor's events back for the operator, newest first, and nobody else's", async () => {
    await post('/analytics/v1/b', {
      writeKey: webKey,
      batch: [
        track('journey-1', { anonymousId: 'anon-journey', timestamp: '2026-12-01T10:00:00Z' }),
        track('journey-2', {
          anonymousId: 'anon-journey',
          event: 'Deposit Started',
          timestamp: '2026-12-01T10:05:00Z',
        }),
        track('other-1', { anonymousId: 'anon-other' }),
      ],
    });
    const read = (query: string, token = operatorToken) =>
      app.inject({
        url: `/api/operator/analytics/events?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const journey = await read('anonymous_id=anon-journey');
    expect(journey.statusCode).toBe(200);
    expect(
      journey.json().map((event: { message_id: string; name: string }) => [event.message_id, event.name]),
    ).toEqual([
      ['journey-2', 'Deposit Started'],
      ['journey-1', 'Game Launched'],
    ]);
    expect((await read('anonymous_id=anon-journey', 'not-the-token')).statusCode).toBe(401);
    expect((await read('limit=5')).statusCode).toBe(422);
  });
});
