import { type Database, schema } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testFeed, testTitles } from '../../testing/games-feed.ts';
import { type FeedTitle, importStudioFeed } from './import-studio-titles.ts';

describe.each(testDatabaseKinds)('studio title import on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  const games = () => database.db.select().from(schema.games).orderBy(asc(schema.games.id));
  const game = async (seoTitle: string) =>
    (await database.db.select().from(schema.games).where(eq(schema.games.seoTitle, seoTitle)))[0];

  it('adds the brands as providers and every title as a game', async () => {
    expect(await importStudioFeed(database.db, testFeed)).toEqual({
      imported: testTitles.length,
      skipped: [],
    });
    expect(
      await database.db.select({ slug: schema.gameProviders.slug }).from(schema.gameProviders),
    ).toHaveLength(3);
    const imported = await games();
    expect(imported.map((row) => row.identifier)).toEqual(
      testTitles.map((title) => `${title.brand}:${title.id}`),
    );
    expect(await game('golden-drachma')).toMatchObject({
      provider: 'chrysos-originals',
      studio: 'chrysos-studio',
      gameCode: 'golden-drachma',
      titleEl: 'Χρυσή Δραχμή',
      rtp: 96.1,
      minBet: 0.1,
      maxBet: 100,
      engine: 'video-slot',
      releasedAt: new Date('2025-03-01T00:00:00Z'),
    });
  });

  it('runs again without duplicates, takes the studio’s changes and keeps the casino’s own settings', async () => {
    await database.db
      .update(schema.games)
      .set({ restrictedCountries: ['DE'], popularity: 5, hasDemo: false, devices: ['desktop'] })
      .where(eq(schema.games.seoTitle, 'lucky-sevens'));
    const before = await game('hermes-dice');

    const renamed = testTitles.map((title) =>
      title.id === 'lucky-sevens'
        ? { ...title, title: { en: 'Lucky Sevens Deluxe', el: 'Τυχερά Επτάρια Ντελούξ' }, rtp: 96.2 }
        : title,
    );
    await importStudioFeed(database.db, { ...testFeed, titles: renamed });
    await importStudioFeed(database.db, { ...testFeed, titles: renamed });

    expect(await games()).toHaveLength(testTitles.length);
    expect(await game('lucky-sevens')).toMatchObject({
      titleEn: 'Lucky Sevens Deluxe',
      titleEl: 'Τυχερά Επτάρια Ντελούξ',
      rtp: 96.2,
      restrictedCountries: ['DE'],
      popularity: 5,
      hasDemo: false,
      devices: ['desktop'],
    });
    // An unchanged title is not rewritten.
    expect((await game('hermes-dice'))?.updatedAt).toEqual(before?.updatedAt);
  });

  it('skips titles the lobby could not show, saying why, and imports the rest', async () => {
    const before = await games();
    const base = testTitles[0] as FeedTitle;
    const titles: FeedTitle[] = [
      { ...base, id: 'stray', brand: 'unknown-brand' },
      { ...base, id: 'unmeasured', rtp: 0 },
      { ...base, id: 'Bad Id' },
      { ...base, id: 'no-date', releasedAt: 'soon' },
      { ...base, id: 'upside-down', minBet: 10, maxBet: 1 },
      { ...base, id: 'fine-one', title: { en: 'Fine One', el: 'Εντάξει' } },
      { ...base, id: 'fine-one', title: { en: 'Fine Again', el: 'Πάλι' } },
    ];
    const result = await importStudioFeed(database.db, { ...testFeed, titles });
    expect(result).toEqual({
      imported: 1,
      skipped: [
        { id: 'stray', reason: 'its brand unknown-brand is not in the feed' },
        { id: 'unmeasured', reason: 'its RTP 0 is not a percentage above 0' },
        { id: 'Bad Id', reason: 'its id is not a lowercase slug' },
        { id: 'no-date', reason: 'its release date soon is not a date' },
        { id: 'upside-down', reason: 'its bet limits are not 0 < min ≤ max' },
        { id: 'fine-one', reason: 'its id is listed twice' },
      ],
    });
    expect((await games()).map((row) => row.seoTitle)).toEqual([
      ...before.map((row) => row.seoTitle),
      'fine-one',
    ]);
    expect((await game('fine-one'))?.titleEn).toBe('Fine One');
  });
});
