import { describe, expect, it } from 'vitest';
import { type CatalogueGame, CatalogueSnapshot } from './catalogue-snapshot.ts';

const everyone = { countries: [], currency: null };
const defaults = { sort: 'popularity', page: 1, page_size: 100 } as const;

function game(id: number, fields: Partial<CatalogueGame> = {}): CatalogueGame {
  return {
    id,
    identifier: `studio:game-${id}`,
    seoTitle: `game-${id}`,
    provider: 'studio',
    titleEn: `Game ${id}`,
    titleEl: `Παιχνίδι ${id}`,
    descriptionEn: '',
    descriptionEl: '',
    categories: [],
    thumbnail: `/images/games/game-${id}.svg`,
    volatility: 'medium',
    rtp: 96,
    lines: null,
    features: [],
    hasDemo: true,
    devices: ['desktop', 'mobile'],
    restrictedCountries: [],
    restrictedCurrencies: [],
    releasedAt: new Date('2025-01-01T00:00:00Z'),
    popularity: 0,
    ...fields,
  };
}

const seoTitles = (page: { games: { seo_title: string }[] }) => page.games.map((found) => found.seo_title);

describe('catalogue snapshot', () => {
  it('matches categories beyond the first 32 a catalogue uses', () => {
    const categories = Array.from({ length: 70 }, (_, i) => `category-${i}`);
    const games = categories.map((category, i) => game(i + 1, { categories: [category], popularity: -i }));
    const snapshot = new CatalogueSnapshot(1, games, [{ slug: 'studio', name: 'Studio' }]);
    const found = snapshot.filter(
      { ...defaults, categories: ['category-0', 'category-33', 'category-69'] },
      everyone,
      null,
      'en',
    );
    expect(seoTitles(found)).toEqual(['game-1', 'game-34', 'game-70']);
    expect(
      snapshot.filter({ ...defaults, categories: ['no-such-category'] }, everyone, null, 'en').games,
    ).toEqual([]);
  });

  it('keeps answering correctly once its caches of search words and audiences are full', () => {
    const games = Array.from({ length: 300 }, (_, i) =>
      game(i + 1, { titleEn: `Title ${i} word${i}`, restrictedCountries: i % 2 ? [`C${i % 300}`] : [] }),
    );
    const snapshot = new CatalogueSnapshot(1, games, [{ slug: 'studio', name: 'Studio' }]);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 300; i++) {
        const found = snapshot.filter({ ...defaults, search: `word${i}` }, everyone, null, 'en');
        // word1 also occurs in word10…word19 and word100…: the first one is the title itself.
        expect(found.games[0]?.title).toBe(`Title ${i} word${i}`);
        const from = { ...everyone, countries: [`C${i}`] };
        const hidden = i % 2 ? 1 : 0;
        expect(snapshot.filter(defaults, from, null, 'en').pagination.total).toBe(300 - hidden);
      }
    }
  });

  it('hides games by any of the audience’s countries or its currency, and counts providers the same way', () => {
    const snapshot = new CatalogueSnapshot(
      1,
      [
        game(1, { restrictedCountries: ['DE'] }),
        game(2, { restrictedCurrencies: ['GBP'] }),
        game(3, { provider: 'other' }),
      ],
      [
        { slug: 'studio', name: 'Studio' },
        { slug: 'other', name: 'Another Studio' },
      ],
    );
    const from = (countries: string[], currency: string | null) => ({ countries, currency });
    expect(seoTitles(snapshot.filter(defaults, from(['GR', 'DE'], 'EUR'), null, 'en'))).toEqual([
      'game-2',
      'game-3',
    ]);
    expect(seoTitles(snapshot.filter(defaults, from(['GR'], 'GBP'), null, 'en'))).toEqual([
      'game-1',
      'game-3',
    ]);
    expect(snapshot.providers(from(['DE'], 'GBP'))).toEqual([
      { slug: 'other', name: 'Another Studio', games_count: 1 },
      { slug: 'studio', name: 'Studio', games_count: 0 },
    ]);
    expect(
      snapshot.select('id', [2, 1, 3], from(['DE'], null), null, 'en').map((found) => found.seo_title),
    ).toEqual(['game-2', 'game-3']);
  });
});
