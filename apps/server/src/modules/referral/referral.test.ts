import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { waitUntil } from '../../testing/wait.ts';
import { emailDns } from '../auth/public.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

describe('referral tags and allowed email domains', () => {
  const calls: unknown[] = [];
  let failNext = false;
  const affiliateService = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      calls.push(JSON.parse(body));
      if (failNext) {
        response.writeHead(503).end();
        return;
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ target: 'partner-7' }));
    });
  });
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    affiliateService.listen(0, '127.0.0.1');
    await once(affiliateService, 'listening');
    const { port } = affiliateService.address() as AddressInfo;
    app = await buildTestApp('pglite', {
      CONTENT_DIR: fixtures,
      REFERRAL_URL: `http://127.0.0.1:${port}/referrals`,
      ALLOWED_EMAIL_DOMAINS: 'example.gr, Example.com',
    });
  });
  afterAll(async () => {
    await app.closeAll();
    affiliateService.close();
  });

  const signUp = (email: string, query = '') =>
    app.inject({
      method: 'POST',
      url: `/api/users${query}`,
      payload: {
        user: { email, password: 'correct horse battery', terms_acceptance: true, age_acceptance: true },
      },
    });
  const player = async (email: string) =>
    (await app.database.db.select().from(schema.players).where(eq(schema.players.email, email)))[0];

  it('stores the tags of the sign-up call and keeps the target the affiliate service answers', async () => {
    const response = await signUp(
      'nikos@example.gr',
      '?stag=aff_42_99&utm_source=newsletter&evil=1&btag=%3Cb%3E',
    );
    expect(response.statusCode).toBe(201);
    await waitUntil(async () => expect((await player('nikos@example.gr'))?.referralTag).toBe('partner-7'));
    expect((await player('nikos@example.gr'))?.referralParams).toEqual({
      stag: 'aff_42_99',
      utm_source: 'newsletter',
    });
    expect(calls).toEqual([{ scope: 'registration', email: 'nikos@example.gr', target: 'aff_42_99' }]);
  });

  it('keeps the original tag when the affiliate service fails', async () => {
    failNext = true;
    await signUp('eleni@example.com', '?btag=banner_3');
    await waitUntil(async () => expect((await player('eleni@example.com'))?.referralTag).toBe('banner_3'));
  });

  it('refuses sign-ups from other domains and says which domains may register', async () => {
    const refused = await signUp('someone@gmail.com');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email).toEqual(['Registration is not open for this email domain']);
    expect(await player('someone@gmail.com')).toBeUndefined();
    const settings = (await app.inject({ url: '/api/player/settings' })).json();
    expect(settings.allowed_email_domains).toEqual(['example.gr', 'example.com']);
  });

  it('checks addresses for the live email check, trusting DNS only while DNS works', async () => {
    const check = async (email: string) =>
      (await app.inject({ method: 'POST', url: '/api/v2/validate-email', payload: { email } })).json();
    const notFound = Object.assign(new Error('queryMx ENOTFOUND'), { code: 'ENOTFOUND' });
    let dnsWorks = true;
    const lookup = vi.spyOn(emailDns, 'resolveMx').mockImplementation(async (domain) => {
      if (dnsWorks && domain === 'gmail.com')
        return [{ exchange: 'gmail-smtp-in.l.google.com', priority: 5 }];
      if (domain === 'example.gr') return [{ exchange: 'mx.example.gr', priority: 10 }];
      throw notFound;
    });
    try {
      expect(await check('not an address')).toEqual({ valid: false });
      expect(await check('player@example.gr')).toEqual({ valid: true });
      expect(await check('player@gmail.con')).toEqual({ valid: false });
      // Offline, every lookup fails alike: the address is given the benefit of the doubt.
      dnsWorks = false;
      expect(await check('player@hotmail.con')).toEqual({ valid: true });
    } finally {
      lookup.mockRestore();
    }
  });
});
