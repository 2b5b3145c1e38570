import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { ContentError, readContentFiles } from './read-content-files.ts';

const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url));

describe.each(testDatabaseKinds)('content query API on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures });
  });
  afterAll(() => app.closeAll());

  const query = (body: unknown) =>
    app.inject({ method: 'POST', url: '/api/content/query', payload: body as object });

  it('returns a collection in stem order with the version tag', async () => {
    const response = await query({ collection: 'textPages', locale: 'en' });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.version).toBe('v3.5.0');
    expect(result.items.map((item: { stem: string }) => item.stem)).toEqual(['a-privacy', 'b-terms']);
    expect(result.total).toBe(2);
  });

  it('filters by field, orders by field and paginates', async () => {
    const bySlug = (await query({ collection: 'textPages', locale: 'el', where: { slug: 'terms' } })).json();
    expect(bySlug.items.map((item: { data: { slug: string } }) => item.data.slug)).toEqual(['terms']);
    expect(bySlug.items[0].locale).toBe('el');

    const ordered = await query({
      collection: 'textPages',
      locale: 'en',
      order: [{ field: 'title', direction: 'desc' }],
      limit: 1,
    });
    expect(ordered.json()).toMatchObject({ total: 2, items: [{ data: { title: 'Terms' } }] });
    const anyOf = await query({
      collection: 'textPages',
      locale: 'en',
      where: { slug: { in: ['terms', 'nope'] } },
    });
    expect(anyOf.json().total).toBe(1);
  });

  it('leaves out items the visibility rules hide from the caller', async () => {
    const promos = (await query({ collection: 'bottomPromo', locale: 'en' })).json();
    expect(promos.items.map((item: { stem: string }) => item.stem)).toEqual(['01-always']);
  });

  it('renders Markdown bodies to HTML without scripts, handlers or javascript: links', async () => {
    const [terms] = (await query({ collection: 'textPages', locale: 'en', where: { slug: 'terms' } })).json()
      .items;
    expect(terms.bodyHtml).toContain('<h2>Accounts</h2>');
    expect(terms.bodyHtml).not.toMatch(/<script|onerror|javascript:/i);
    expect(terms.bodyHtml).toContain('<img src="https://cdn.chrysos.casino/a.png" />');
    const [privacy] = (
      await query({ collection: 'textPages', locale: 'en', where: { slug: 'privacy' } })
    ).json().items;
    expect(privacy.bodyHtml).toContain(
      'href="https://example.org/regulator" target="_blank" rel="noopener noreferrer"',
    );
  });

  it.each([
    [{ collection: 'casinoSecrets', locale: 'en' }, 'collection'],
    [{ collection: 'textPages', locale: 'fr' }, 'locale'],
    [{ collection: 'textPages', locale: 'en', where: { 'data->>x': 'y' } }, 'where'],
    [{ collection: 'textPages', locale: 'en', where: { slug: { like: '%' } } }, 'where.slug'],
    [{ collection: 'textPages', locale: 'en', limit: 10_000 }, 'limit'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await query(body);
    expect(response.statusCode).toBe(400);
    const fields = Object.keys(response.json().errors);
    expect(
      fields.some((name) => name === field || name.startsWith(`${field}.`)),
      fields.join(),
    ).toBe(true);
  });
});

describe('content files', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'chrysos-content-'));
    await cp(fixtures, scratch, { recursive: true });
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('lists every invalid file with its problem', async () => {
    const broken = await mkdtemp(path.join(tmpdir(), 'chrysos-broken-'));
    await cp(fixtures, broken, { recursive: true });
    await writeFile(path.join(broken, 'en/header/header.yaml'), 'links: []\n');
    await writeFile(path.join(broken, 'el/textPages/c-bad.md'), 'no front matter here');
    await writeFile(
      path.join(broken, 'el/textPages/d-dup.md'),
      '---\nslug: terms\ntitle: T\ndescription: D\n---\nText',
    );
    const error = await readContentFiles(broken).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    const problems = (error as ContentError).problems.join('\n');
    expect(problems).toMatch(/en\/header\/header\.yaml: links:/);
    expect(problems).toMatch(/el\/textPages\/c-bad\.md: a Markdown file must start with YAML front matter/);
    expect(problems).toMatch(/slug "terms" is already used by b-terms/);
    await rm(broken, { recursive: true, force: true });
  });

  it('seeds only what changed, removes what the seed wrote once its file is gone, never an operator’s', async () => {
    const app = await buildTestApp('pglite', { CONTENT_DIR: scratch });
    const { db } = app.database;
    const c = schema.contentItems;
    const first = await readContentFiles(scratch);
    expect(await app.content.seed(first)).toEqual({ written: 0, removed: 0 });

    // An operator adds a promo of their own and takes over the Greek header.
    await db.insert(c).values({
      collection: 'bottomPromo',
      locale: 'el',
      stem: '09-operator',
      data: { title: 'Operator promo' },
      checksum: 'operator',
      origin: 'operator',
    });
    await db
      .update(c)
      .set({ data: { links: [{ title: 'Αρχική', url: '/el' }] }, origin: 'operator' })
      .where(and(eq(c.collection, 'header'), eq(c.locale, 'el')));

    // The next release changes both headers and drops a promo the seed wrote.
    for (const locale of ['en', 'el']) {
      await writeFile(
        path.join(scratch, `${locale}/header/header.yaml`),
        'links:\n  - { title: Lobby, url: /games/all }\n',
      );
    }
    await rm(path.join(scratch, 'el/bottomPromo/02-never.yaml'));
    expect(await app.content.seed(await readContentFiles(scratch))).toEqual({ written: 1, removed: 1 });

    const stored = await db
      .select({ collection: c.collection, locale: c.locale, stem: c.stem, data: c.data, origin: c.origin })
      .from(c)
      .where(sql`${c.collection} in ('header', 'bottomPromo')`)
      .orderBy(c.collection, c.locale, c.stem);
    expect(
      stored.map(({ collection, locale, stem, origin }) => `${collection}/${locale}/${stem} ${origin}`),
    ).toEqual([
      'bottomPromo/el/01-always seed',
      'bottomPromo/el/03-vip seed',
      'bottomPromo/el/09-operator operator',
      'bottomPromo/en/01-always seed',
      'bottomPromo/en/02-never seed',
      'bottomPromo/en/03-vip seed',
      'header/el/header operator',
      'header/en/header seed',
    ]);
    const header = (locale: 'en' | 'el') =>
      app.content.first('header', locale, { groups: [], abVariants: {}, now: new Date() });
    expect(header('en')?.data.links.map((link) => link.title)).toEqual(['Lobby']);
    expect(header('el')?.data.links.map((link) => link.title)).toEqual(['Αρχική']);
    await app.closeAll();
  });
});

describe('sitemap and robots', () => {
  it('lists every public page and stored text page in both languages with alternates', async () => {
    const app = await buildTestApp('pglite', { CONTENT_DIR: fixtures, PUBLIC_URL: 'https://chrysos.casino' });
    const sitemap = await app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const xml = sitemap.body;
    expect(xml).toContain('<loc>https://chrysos.casino/</loc>');
    expect(xml).toContain('<loc>https://chrysos.casino/el</loc>');
    expect(xml).toContain('<loc>https://chrysos.casino/el/terms</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="el" href="https://chrysos.casino/el/faq"/>');
    expect(xml.match(/<url>/g)?.length).toBe(2 * (12 + 2));

    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://chrysos.casino/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
    await app.closeAll();
  });
});
