import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The policy's directives by name: `script-src` → [`'self'`, `'nonce-…'`]. */
const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe('security headers over plain http', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp('pglite');
  });
  afterAll(() => app.closeAll());

  it('sends the policy and the frame, sniffing and referrer headers on every answer', async () => {
    for (const call of [
      { method: 'GET' as const, url: '/api/info/currencies' },
      { method: 'GET' as const, url: '/api/no/such/thing' },
      { method: 'GET' as const, url: '/healthz' },
      // The studios' wallet protocol (refused: unsigned).
      { method: 'POST' as const, url: '/wallet/user/balance', payload: {} },
    ]) {
      const response = await app.inject(call);
      expect(response.headers['x-frame-options'], call.url).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options'], call.url).toBe('nosniff');
      expect(response.headers['referrer-policy'], call.url).toBe('strict-origin-when-cross-origin');
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('frame-ancestors'), call.url).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      expect(policy.get('frame-src')).toEqual(["'self'"]);
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets scripts run from our own files and by this answer’s nonce only, never inline or eval', async () => {
    const first = directives((await app.inject('/api/info/currencies')).headers['content-security-policy']);
    const second = directives((await app.inject('/api/info/currencies')).headers['content-security-policy']);
    const [self, nonce] = first.get('script-src') ?? [];
    expect(self).toBe("'self'");
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{24}'$/);
    expect(first.get('script-src')).toHaveLength(2);
    expect(second.get('script-src')?.[1]).not.toBe(nonce);
  });
});

describe('security headers over https, with a games proxy script', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp('pglite', {
      PUBLIC_URL: 'https://chrysos.casino',
      GAMES_PROXY_SCRIPT_URL: 'https://proxy.example:8443/games.js?v=2',
    });
  });
  afterAll(() => app.closeAll());

  it('asks browsers to keep to https (HSTS) and to upgrade any plain-http reference', async () => {
    const response = await app.inject('/api/info/currencies');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });

  it('lets the configured games proxy script load and reach its origin', async () => {
    const policy = directives((await app.inject('/api/info/currencies')).headers['content-security-policy']);
    expect(policy.get('script-src')).toContain('https://proxy.example:8443');
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://proxy.example:8443',
      'wss://chrysos.casino',
    ]);
  });

  it('lets the page open its realtime connection to this site, or to the operator’s Centrifugo', async () => {
    const centrifugo = await buildTestApp('pglite', {
      PUBLIC_URL: 'https://chrysos.casino',
      CENTRIFUGO_API_URL: 'http://centrifugo.internal:8000',
      CENTRIFUGO_API_KEY: 'an-api-key-for-this-test',
      CENTRIFUGO_PUBLIC_URL: 'wss://realtime.chrysos.casino/connection/websocket',
      REALTIME_TOKEN_SECRET: 'a-realtime-secret-of-32-characters-or-more',
    });
    try {
      const policy = directives(
        (await centrifugo.inject('/api/info/currencies')).headers['content-security-policy'],
      );
      expect(policy.get('connect-src')).toEqual(["'self'", 'wss://realtime.chrysos.casino']);
    } finally {
      await centrifugo.closeAll();
    }
  });
});
