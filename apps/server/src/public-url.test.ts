import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEmail } from './testing/accounts.ts';
import { buildTestApp } from './testing/build-test-app.ts';

const fixtures = fileURLToPath(new URL('./modules/content/fixtures', import.meta.url));
const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

/**
 * Absolute URLs come from configuration, never from the request: a forged Host (or X-Forwarded-Host
 * through a trusted proxy) must not put another site into a password-reset link.
 */
describe('absolute URLs without PUBLIC_URL set', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp('pglite', { CONTENT_DIR: fixtures, TRUST_PROXY: 'true', PORT: '4100' });
  });
  afterAll(() => app.closeAll());

  it('emails confirmation and reset links on the listen address', async () => {
    const user = {
      email: 'victim@example.gr',
      password: 'correct horse battery',
      terms_acceptance: true,
      age_acceptance: true,
    };
    await app.inject({ method: 'POST', url: '/api/users', headers: forged, payload: { user } });
    const confirmation = await latestEmail(app, 'victim@example.gr', 'confirmation');
    expect(confirmation.text).toContain('http://127.0.0.1:4100/users/confirmation?confirmation_token=');

    await app.inject({
      method: 'POST',
      url: '/api/users/password',
      headers: forged,
      payload: { user: { email: user.email } },
    });
    const reset = await latestEmail(app, 'victim@example.gr', 'reset_password');
    expect(reset.text).toContain('http://127.0.0.1:4100/users/password/edit?reset_password_token=');
    for (const email of [confirmation, reset])
      expect(`${email.text}${email.html}`).not.toContain('evil.example');
  });

  it('writes robots.txt and the sitemap on the listen address', async () => {
    const robots = await app.inject({ url: '/robots.txt', headers: forged });
    expect(robots.body).toContain('Sitemap: http://127.0.0.1:4100/sitemap.xml');
    const sitemap = await app.inject({ url: '/sitemap.xml', headers: forged });
    expect(sitemap.body).toContain('<loc>http://127.0.0.1:4100/faq</loc>');
    expect(`${robots.body}${sitemap.body}`).not.toContain('evil.example');
  });
});

// Spec §2 "per locale and domain", issue 31 item 18: the operator's listed origins, never a forged one.
describe('absolute URLs with several public origins (PUBLIC_URLS)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp('pglite', {
      CONTENT_DIR: fixtures,
      PUBLIC_URL: 'https://chrysos.casino',
      PUBLIC_URLS: 'https://chrysos.casino, https://Chrysos.gr',
    });
  });
  afterAll(() => app.closeAll());

  it('writes the sitemap and robots.txt on the origin the Host names when it is listed, else on PUBLIC_URL', async () => {
    const on = async (host: string) => {
      const robots = (await app.inject({ url: '/robots.txt', headers: { host } })).body;
      const sitemap = (await app.inject({ url: '/sitemap.xml', headers: { host } })).body;
      return `${robots}${sitemap}`;
    };
    const greek = await on('chrysos.gr');
    expect(greek).toContain('Sitemap: https://chrysos.gr/sitemap.xml');
    expect(greek).toContain('<loc>https://chrysos.gr/el/faq</loc>');
    expect(greek).not.toContain('chrysos.casino');
    const main = await on('chrysos.casino');
    expect(main).toContain('<loc>https://chrysos.casino/faq</loc>');
    expect(main).not.toContain('chrysos.gr');
    const forgedHost = await on('evil.example');
    expect(forgedHost).toContain('Sitemap: https://chrysos.casino/sitemap.xml');
    expect(forgedHost).toContain('<loc>https://chrysos.casino/faq</loc>');
    expect(forgedHost).not.toContain('evil.example');
  });
});
