import { openTestDatabase } from '@chrysos/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAgent, createPlayer, uniqueAddress } from './harness/players.ts';
import { type RunningProduct, startProduct } from './server.ts';

/**
 * The render cache of anonymous pages (platform/render-cache.ts) with two instances of the built
 * product on one PostgreSQL database, as behind a load balancer: a visitor's page is rendered once
 * and then served as it was, a change to the content or the games catalogue made anywhere shows on
 * the next page of every instance, and a signed-in player's page never comes from the cache.
 */
const postgres = process.env.DATABASE_URL;
const describeOnPostgres = postgres ? describe : describe.skip;
if (!postgres) console.info('skipped the render cache specs: they run on PostgreSQL; set DATABASE_URL');

const password = 'Lantern-Harbour-58';
const visitor = { 'user-agent': browserAgent, cookie: 'i18n_redirected=en' };

describeOnPostgres('anonymous pages on two instances', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let sql: pg.Client;
  const instances: RunningProduct[] = [];
  const page = (instance: RunningProduct, path: string, headers: Record<string, string> = visitor) =>
    fetch(`${instance.url}${path}`, { headers, redirect: 'manual' });
  const textOf = async (instance: RunningProduct, path: string) => (await page(instance, path)).text();

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    // One after the other: the first applies the migrations and seeds, the second finds them done.
    for (let started = 0; started < 2; started++) {
      // Pools of four: the money lane's instances share the machine's PostgreSQL (100 connections).
      instances.push(
        await startProduct({ env: { DATABASE_URL: database.url ?? '', DATABASE_POOL_SIZE: '4' } }),
      );
    }
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.close();
  });

  it('serves a page as first rendered until its content changes, then the change on every instance', async () => {
    const [a, b] = instances as [RunningProduct, RunningProduct];
    const question = 'How do I open an account?';
    for (const instance of instances) expect(await textOf(instance, '/faq')).toContain(question);

    // A write no trigger sees (replication mode) changes the rows but not the content version: every
    // instance keeps serving the page it had; the version, not a timer, is what makes a change show.
    const hidden = 'How do I open a Chrysos account?';
    await sql.query('begin');
    await sql.query('set local session_replication_role = replica');
    await sql.query(
      `update content_items set data = jsonb_set(data, '{question}', to_jsonb($1::text))
        where collection = 'faq' and locale = 'en' and data->>'question' = $2`,
      [hidden, question],
    );
    await sql.query('commit');
    for (const instance of instances) {
      const html = await textOf(instance, '/faq');
      expect(html).toContain(question);
      expect(html).not.toContain(hidden);
    }

    // An ordinary write bumps the version: the next page of each instance has it.
    const changed = 'How do I open my account at Chrysos?';
    await sql.query(
      `update content_items set data = jsonb_set(data, '{question}', to_jsonb($1::text))
        where collection = 'faq' and locale = 'en' and data->>'question' = $2`,
      [changed, hidden],
    );
    for (const instance of [b, a]) {
      const html = await textOf(instance, '/faq');
      expect(html).toContain(changed);
      expect(html).not.toContain(question);
    }
  });

  it('shows a games catalogue change on the next lobby page of every instance', async () => {
    const before = await sql.query<{ title_en: string }>(
      `select title_en from games where seo_title = 'golden-drachma'`,
    );
    const title = before.rows[0]?.title_en ?? '';
    expect(title).not.toBe('');
    for (const instance of instances) expect(await textOf(instance, '/games/all')).toContain(title);

    const renamed = `${title} Deluxe`;
    await sql.query(`update games set title_en = $1 where seo_title = 'golden-drachma'`, [renamed]);
    for (const instance of instances) expect(await textOf(instance, '/games/all')).toContain(renamed);
  });

  it('answers a repeated visit by its ETag, and lets a CDN keep only what sets no cookie', async () => {
    const [a] = instances as [RunningProduct];
    const first = await page(a, '/promotions');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page(a, '/promotions', { ...visitor, 'if-none-match': etag });
    expect(again.status).toBe(304);

    // A first visit gets the language cookie: the same page, but personal, so kept by nobody.
    const newcomer = await page(a, '/promotions', { 'user-agent': browserAgent });
    expect(newcomer.status).toBe(200);
    expect(newcomer.headers.get('set-cookie')).toMatch(/^i18n_redirected=en;/);
    expect(newcomer.headers.get('cache-control')).toBe('private, no-store');
  });

  it("renders a signed-in player's page for them alone, never from the anonymous cache", async () => {
    const [a, b] = instances as [RunningProduct, RunningProduct];
    const email = uniqueAddress('render-cache');
    await createPlayer(a.url, { email, password, language: 'en', country: 'GR' });
    const signIn = await fetch(`${b.url}/api/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': browserAgent },
      body: JSON.stringify({ user: { email, password } }),
    });
    const session = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(session).toMatch(/^chrysos_session=/);

    for (const instance of instances) {
      const anonymous = await page(instance, '/');
      const anonymousHtml = await anonymous.text();
      expect(anonymousHtml).not.toContain(email);

      const player = await page(instance, '/', { ...visitor, cookie: `i18n_redirected=en; ${session}` });
      expect(player.status).toBe(200);
      expect(player.headers.get('cache-control')).toBe('private, no-store');
      expect(player.headers.get('etag')).toBeNull();
      // Rendered for this answer: its own nonce, and the player's own details in the page data.
      expect(player.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/);
      expect(await player.text()).toContain(email);
      // And the visitor after them still gets the anonymous page.
      expect(await textOf(instance, '/')).not.toContain(email);
    }
  });
});
