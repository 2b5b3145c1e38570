import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../modules/config.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { type SentryReceiver, startSentryReceiver } from '../../testing/sentry-receiver.ts';
import { browserErrorReporting } from './config.ts';
import { scrubEvent, scrubSpan, scrubText } from './scrub.ts';

/**
 * Error reporting (spec §9, decision 37) against a real receiver on loopback that reads Sentry's
 * envelopes with the SDK's own parser: a fault of ours reaches it once, tagged with the request's
 * id and the instance, without the player's cookies, credentials or email; a caller's mistake never
 * does; without SENTRY_DSN nothing is sent at all.
 */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const requestId = 'lb-7f3a9c2e-request-0001';
/**
 * What must never leave, made up at run time: the SDK sends the source lines around a failing frame,
 * and these are then not among them, so finding one in what arrived means the request leaked it.
 */
const unique = () => randomBytes(9).toString('hex');
const playerEmail = `eleni.${unique()}@example.gr`;
const playerName = `Eleni-${unique()}`;
const sessionToken = unique();
const operatorToken = unique();
const resetToken = unique();

/** A route that fails as a fault of ours would, naming a player in its message. */
const withFailingRoute = (app: FastifyInstance) => {
  app.post('/api/test/failing', async () => {
    throw new Error(`could not settle the deposit of ${playerEmail}`);
  });
};

/** A request as a signed-in player's browser makes it: cookie, credentials, a token in the query, a body. */
const failingRequest = {
  method: 'POST' as const,
  url: `/api/test/failing?token=${resetToken}&currency=EUR`,
  headers: {
    'x-request-id': requestId,
    cookie: `chrysos_session=${sessionToken}`,
    authorization: `Bearer ${operatorToken}`,
    'user-agent': 'Mozilla/5.0 (test)',
    'content-type': 'application/json',
  },
  payload: { email: playerEmail, first_name: playerName },
};

describe('with SENTRY_DSN', () => {
  let receiver: SentryReceiver;
  let app: TestApp;
  beforeAll(async () => {
    receiver = await startSentryReceiver();
    app = await buildTestApp(
      'pglite',
      {
        SENTRY_DSN: receiver.dsn,
        SENTRY_ENVIRONMENT: 'integration',
        SENTRY_RELEASE: 'chrysos@test',
        // Errors only here: tracing is the benchmark's and the browser spec's (a product of its own).
        SENTRY_TRACES_SAMPLE_RATE: '0',
        METRICS_INSTANCE: 'app-under-test:1',
      },
      { beforeReady: withFailingRoute },
    );
  });
  afterAll(async () => {
    await app?.closeAll();
    await receiver?.close();
  });

  it('lets the page reach the ingest: its origin is in connect-src', async () => {
    const policy = String((await app.inject('/api/info/currencies')).headers['content-security-policy']);
    const connect = policy.split(';').find((directive) => directive.trim().startsWith('connect-src'));
    expect(connect?.trim().split(/\s+/)).toContain(receiver.origin);
  });

  it('reports a fault of ours once, tagged, without cookies, credentials, body, token or email', async () => {
    // A caller's mistakes first: none of them may be reported.
    expect((await app.inject({ method: 'GET', url: '/api/no/such/thing' })).statusCode).toBe(404);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { email: 'x' } },
    });
    expect(invalid.statusCode).toBe(422);
    const unsigned = await app.inject({ method: 'GET', url: '/api/operator/withdrawals' });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
    expect(unsigned.statusCode).toBeLessThan(500);

    // Over a socket, as a browser's request comes: the SDK reads requests from Node's own http server.
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const failed = await fetch(`${address}${failingRequest.url}`, {
      method: failingRequest.method,
      headers: failingRequest.headers,
      body: JSON.stringify(failingRequest.payload),
    });
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { codes: unknown }).codes).toEqual({ base: ['internal'] });

    await vi.waitFor(() => expect(receiver.events()).toHaveLength(1), { timeout: 30_000 });
    const [event] = receiver.events();
    expect(event?.exception?.values?.[0]).toMatchObject({
      type: 'Error',
      value: 'could not settle the deposit of [email]',
    });
    expect(event?.tags).toMatchObject({
      request_id: requestId,
      instance: 'app-under-test:1',
      route: '/api/test/failing',
    });
    expect(event).toMatchObject({ environment: 'integration', release: 'chrysos@test' });
    expect(event?.sdk?.name).toBe('sentry.javascript.node');
    expect(event?.request).toMatchObject({ method: 'POST', url: `${address}/api/test/failing` });
    expect(event?.request?.headers).toMatchObject({
      'user-agent': 'Mozilla/5.0 (test)',
      'x-request-id': requestId,
    });
    expect(event?.user).toBeUndefined();
    expect(event?.request?.cookies).toBeUndefined();
    expect(event?.request?.data).toBeUndefined();
    expect(Object.keys(event?.request?.headers ?? {}).map((name) => name.toLowerCase())).not.toContain(
      'authorization',
    );
    const sent = JSON.stringify(receiver.envelopes);
    for (const secret of [playerEmail, playerName, sessionToken, operatorToken, resetToken]) {
      expect(sent).not.toContain(secret);
    }
  });

  it('sends nothing more for the mistakes once everything queued is out', async () => {
    await app.close();
    expect(receiver.events()).toHaveLength(1);
  });
});

describe('without SENTRY_DSN', () => {
  let receiver: SentryReceiver;
  let app: TestApp;
  beforeAll(async () => {
    receiver = await startSentryReceiver();
    app = await buildTestApp('pglite', {}, { beforeReady: withFailingRoute });
  });
  afterAll(async () => {
    await app?.closeAll();
    await receiver?.close();
  });

  it('sends nothing, and the pages may reach no ingest', async () => {
    expect((await app.inject(failingRequest)).statusCode).toBe(500);
    const policy = String((await app.inject('/api/info/currencies')).headers['content-security-policy']);
    expect(policy).not.toContain(receiver.origin);
    await app.close();
    expect(receiver.envelopes).toEqual([]);
  });
});

describe('scrubbing', () => {
  it('takes emails, credentials and query strings out of text', () => {
    expect(
      scrubText(
        `GET https://chrysos.casino/users/confirmation?token=abc for ${playerEmail} with Bearer abc.def`,
      ),
    ).toBe('GET https://chrysos.casino/users/confirmation?[Filtered] for [email] with Bearer [Filtered]');
    expect(scrubText('/api/bonuses/coupon?coupon_code=OLYMPUS')).toBe('/api/bonuses/coupon?[Filtered]');
  });

  it('leaves an event no user, cookie, body or credential header, nor local variables', () => {
    const event = scrubEvent({
      user: { email: playerEmail, ip_address: '10.0.0.1' },
      request: {
        url: 'https://chrysos.casino/api/player?email=x@y.gr',
        method: 'POST',
        cookies: { chrysos_session: 'x' },
        data: { first_name: 'Eleni' },
        query_string: 'email=x@y.gr',
        headers: { Cookie: 'x', Authorization: 'Bearer x', 'User-Agent': 'ua', 'X-Request-Id': requestId },
      },
      exception: {
        values: [
          {
            type: 'Error',
            value: `duplicate key (email)=(${playerEmail})`,
            stacktrace: { frames: [{ vars: { email: playerEmail } }] },
          },
        ],
      },
      breadcrumbs: [{ category: 'http', data: { url: '/api/users/password?token=abc', email: playerEmail } }],
      extra: { player: { last_name: 'Papadopoulou', country: 'GR' } },
    });
    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({
      method: 'POST',
      url: 'https://chrysos.casino/api/player?[Filtered]',
      headers: { 'User-Agent': 'ua', 'X-Request-Id': requestId },
    });
    expect(event.exception?.values?.[0]?.value).toBe('duplicate key (email)=([email])');
    expect(event.exception?.values?.[0]?.stacktrace?.frames?.[0]?.vars).toBeUndefined();
    expect(event.breadcrumbs?.[0]?.data).toEqual({
      url: '/api/users/password?[Filtered]',
      email: '[Filtered]',
    });
    expect(event.extra).toEqual({ player: { last_name: '[Filtered]', country: 'GR' } });
  });

  it('drops the attributes of a span that name the client or the player', () => {
    const span = scrubSpan({
      trace_id: 't',
      span_id: 's',
      name: 'GET /api/player',
      start_timestamp: 1,
      status: 'ok',
      is_segment: true,
      attributes: {
        'url.path': '/api/player?email=x@y.gr',
        'url.query': 'email=x@y.gr',
        'client.address': '10.0.0.1',
        'http.request.header.cookie': 'x',
        'db.query.text': `select * from players where email = '${playerEmail}'`,
        'http.route': '/api/player',
      },
    });
    expect(span.attributes).toEqual({
      'url.path': '/api/player?[Filtered]',
      'db.query.text': "select * from players where email = '[email]'",
      'http.route': '/api/player',
    });
  });
});

describe('configuration', () => {
  it('is off by default; when on, the server traces nothing and the browser a tenth (decision 37)', () => {
    expect(parseConfig({}).SENTRY_DSN).toBeUndefined();
    expect(browserErrorReporting(parseConfig({}))).toBeNull();
    const config = parseConfig({ SENTRY_DSN: 'https://0123abcd@o1.ingest.sentry.io/42' });
    expect(config).toMatchObject({ SENTRY_TRACES_SAMPLE_RATE: 0, SENTRY_BROWSER_TRACES_RATE: 0.1 });
    expect(browserErrorReporting(config)).toEqual({
      dsn: 'https://0123abcd@o1.ingest.sentry.io/42',
      environment: 'development',
      release: null,
      tracesSampleRate: 0.1,
    });
  });

  it('gives a page no secret key of an old-style DSN, and never repeats a bad DSN', () => {
    const config = parseConfig({ SENTRY_DSN: 'https://0123abcd:hunter2@sentry.example.com/sentry/42' });
    expect(browserErrorReporting(config)?.dsn).toBe('https://0123abcd@sentry.example.com/sentry/42');
    expect(() => parseConfig({ SENTRY_DSN: 'https://sentry.example.com/hunter2' })).toThrow(/SENTRY_DSN/);
    expect(() => parseConfig({ SENTRY_DSN: 'https://sentry.example.com/hunter2' })).not.toThrow(/hunter2/);
    expect(() => parseConfig({ SENTRY_TRACES_SAMPLE_RATE: '10' })).toThrow(/SENTRY_TRACES_SAMPLE_RATE/);
  });
});
