import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEmail } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

describe('development mailbox', () => {
  let demo: Awaited<ReturnType<typeof buildTestApp>>;
  let real: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    demo = await buildTestApp('pglite', {
      CONTENT_DIR: fixtures,
      DEMO_MODE: 'true',
      PUBLIC_URL: 'https://demo.chrysos.example',
    });
    real = await buildTestApp('pglite', { CONTENT_DIR: fixtures });
  });
  afterAll(async () => {
    await demo.closeAll();
    await real.closeAll();
  });

  it('shows the emails written in demo mode, each in a sandbox, and does not exist otherwise', async () => {
    await demo.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email: 'demo@example.gr',
          password: 'correct horse battery',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    const email = await latestEmail(demo, 'demo@example.gr', 'confirmation');
    const inbox = await demo.inject({ url: '/dev/mailbox' });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.headers['content-type']).toMatch(/text\/html/);
    expect(inbox.body).toContain('Welcome to Chrysos Casino — please confirm your email');
    expect(inbox.body).toContain(`/dev/mailbox/${email.id}`);

    const shown = await demo.inject({ url: `/dev/mailbox/${email.id}` });
    expect(shown.body).toContain('sandbox="allow-top-navigation-by-user-activation allow-popups"');
    expect(shown.body).toContain('confirmation_token=');
    expect((await demo.inject({ url: '/dev/mailbox/not-an-id' })).statusCode).toBe(404);

    expect((await real.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
  });

  it('answers only a client on this machine, however the request is forwarded', async () => {
    await demo.inject({
      method: 'POST',
      url: '/api/users/password',
      payload: { user: { email: 'demo@example.gr' } },
    });
    const email = await latestEmail(demo, 'demo@example.gr', 'reset_password');
    const refused = [
      { remoteAddress: '203.0.113.5' },
      { remoteAddress: '10.1.2.3' },
      // A reverse proxy on this machine that we were not told to trust forwards a stranger's request.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.5' } },
      { remoteAddress: '::1', headers: { forwarded: 'for=203.0.113.5' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.5' } },
    ];
    for (const client of refused) {
      for (const url of ['/dev/mailbox', `/dev/mailbox/${email.id}`]) {
        const answer = await demo.inject({ url, ...client });
        expect(answer.statusCode, `${url} from ${JSON.stringify(client)}`).toBe(403);
        expect(answer.body).not.toContain('reset_password_token');
        expect(answer.body).not.toContain('demo@example.gr');
      }
    }
    expect((await demo.inject({ url: `/dev/mailbox/${email.id}`, remoteAddress: '::1' })).body).toContain(
      'reset_password_token=',
    );
  });

  // Issue 31 item 8: a page of evil.example that rebinds its name to 127.0.0.1 is a client on this machine.
  it("answers only under the site's own host name or a loopback name (DNS rebinding)", async () => {
    const inbox = (host: string) => demo.inject({ url: '/dev/mailbox', headers: { host } });
    for (const host of ['evil.example', 'evil.example:3000', '127.0.0.1.evil.example', 'chrysos.example']) {
      const refused = await inbox(host);
      expect(refused.statusCode, host).toBe(403);
      expect(refused.body).toContain('The demo mailbox answers only at the address of the demo');
      expect(refused.body).not.toContain('<table>');
    }
    for (const host of [
      'demo.chrysos.example',
      'localhost:3000',
      'LOCALHOST',
      '127.0.0.1:3000',
      '[::1]:3000',
    ]) {
      expect((await inbox(host)).statusCode, host).toBe(200);
    }
  });

  it('goes by the client address a trusted proxy gives', async () => {
    const proxied = await buildTestApp('pglite', {
      CONTENT_DIR: fixtures,
      DEMO_MODE: 'true',
      TRUST_PROXY: 'true',
    });
    try {
      const stranger = await proxied.inject({
        url: '/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.20' },
      });
      expect(stranger.statusCode).toBe(403);
      expect((await proxied.inject({ url: '/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(
        200,
      );
    } finally {
      await proxied.closeAll();
    }
  });
});
