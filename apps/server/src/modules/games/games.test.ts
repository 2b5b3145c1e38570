import { type Game, gameProviders, gamesList, gamesPage } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { studioBrands, titles } from '@chrysos/games';
import * as studioSchema from '@chrysos/games/storage';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { testFeed } from '../../testing/games-feed.ts';

const v1 = 'application/vnd.s.v1+json';
const v2 = 'application/vnd.s.v2+json';

/** A game's address from a launch: the studio's page with its own session id and the language. */
const studioUrl = (game: string, lang: string) =>
  new RegExp(`^/studio/play/${game}\\?session=[\\w-]{32}&lang=${lang}$`);

describe.each(testDatabaseKinds)('games API on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  /** A Greek player (EUR) and a British one (GBP). */
  let greek = '';
  let british = '';

  const signUp = async (email: string, country: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email,
          password: 'correct horse battery',
          country,
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    expect(response.statusCode).toBe(201);
    return cookieOf(response);
  };

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { GEOIP_COUNTRY_HEADER: 'CF-IPCountry', GAMES_PROXY_SCRIPT_URL: 'https://proxy.example/games.js' },
      { studioFeed: testFeed },
    );
    greek = await signUp('eleni@example.gr', 'GR');
    british = await signUp('oliver@example.co.uk', 'GB');
  });
  afterAll(() => app.closeAll());

  type Call = { cookie?: string; country?: string; accept?: string; query?: string };
  const headers = ({ cookie, country, accept }: Call) => ({
    accept: accept ?? v2,
    ...(cookie ? { cookie } : {}),
    ...(country ? { 'cf-ipcountry': country } : {}),
  });
  const filter = (body: Record<string, unknown>, call: Call = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/games_filter${call.query ?? ''}`,
      headers: headers(call),
      payload: body,
    });
  const page = async (body: Record<string, unknown>, call: Call = {}) => {
    const response = await filter(body, call);
    expect(response.statusCode, response.body).toBe(200);
    return gamesPage.parse(response.json());
  };
  const ids = (games: Game[]) => games.map((game) => game.seo_title);
  const launch = (path: string, call: Call = {}) =>
    app.inject({ url: `/api/games/launch_options/${path}`, headers: headers(call) });
  const favorites = async (cookie: string) => {
    const response = await app.inject({ url: '/api/player/favorite_games', headers: headers({ cookie }) });
    expect(response.statusCode).toBe(200);
    return gamesList.parse(response.json()).games;
  };
  const setGame = (seoTitle: string, values: Partial<typeof schema.games.$inferInsert>) =>
    app.database.db.update(schema.games).set(values).where(eq(schema.games.seoTitle, seoTitle));
  const count = async (table: typeof schema.gameSessions | typeof schema.recentGames | typeof schema.games) =>
    (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

  describe('providers', () => {
    it('lists every provider with its number of games, in v1 and v2 alike', async () => {
      const answer = await app.inject({ url: '/api/games/providers', headers: { accept: v2 } });
      expect(answer.statusCode).toBe(200);
      expect(gameProviders.parse(answer.json())).toEqual([
        { slug: 'aegean-reels', name: 'Aegean Reels', games_count: 2 },
        { slug: 'chrysos-originals', name: 'Chrysos Originals', games_count: 2 },
        { slug: 'olympus-tables', name: 'Olympus Tables', games_count: 3 },
      ]);
      const older = await app.inject({ url: '/api/games/providers', headers: { accept: v1 } });
      expect(older.json()).toEqual(answer.json());
      expect((await app.inject({ url: '/api/games/providers' })).json()).toEqual(answer.json());
    });
  });

  describe('games_filter', () => {
    it('answers the first page by popularity by default, with the shape the lobby shows', async () => {
      const { games, pagination } = await page({});
      expect(ids(games)).toEqual([
        'golden-drachma',
        'european-roulette',
        'lucky-sevens',
        'poseidons-harbour',
        'athenas-owl',
        'blackjack-classic',
        'hermes-dice',
      ]);
      expect(pagination).toEqual({ page: 1, page_size: 24, total: 7, total_pages: 1, next_page: null });
      expect(games[0]).toEqual({
        identifier: 'chrysos-originals:golden-drachma',
        seo_title: 'golden-drachma',
        title: 'Golden Drachma',
        description: 'Golden Drachma, a test title.',
        provider: 'chrysos-originals',
        provider_name: 'Chrysos Originals',
        categories: ['slots', 'popular'],
        thumbnail: '/images/games/golden-drachma.svg',
        volatility: 'medium',
        rtp: 96.1,
        lines: 20,
        features: ['free-spins', 'wild'],
        has_demo: true,
        devices: ['desktop', 'mobile'],
        favorite: false,
        released_at: '2025-03-01T00:00:00.000Z',
      });
      expect(games[1]).toMatchObject({ seo_title: 'european-roulette', lines: null, rtp: 97.3 });
    });

    it('takes a request without a body as the defaults', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/games_filter',
        headers: { accept: v2 },
      });
      expect(response.statusCode).toBe(200);
      expect(gamesPage.parse(response.json()).pagination.total).toBe(7);
    });

    it('gives titles in Greek with ?locale=el', async () => {
      const { games } = await page({ providers: ['chrysos-originals'] }, { query: '?locale=el' });
      expect(games.map((game) => game.title)).toEqual(['Χρυσή Δραχμή', 'Τυχερά Επτάρια']);
      expect(games[0]?.description).toBe('Χρυσή Δραχμή, δοκιμαστικό.');
    });

    it('is part of the v2 games API only', async () => {
      const response = await filter({}, { accept: v1 });
      expect(response.statusCode).toBe(406);
      expect(Object.keys(response.json().errors)).toEqual(['accept']);
      // Plain JSON gets the lowest version the route offers.
      expect((await filter({}, { accept: 'application/json' })).statusCode).toBe(200);
    });

    it('combines filters: alternatives inside one, every one must match', async () => {
      const slotsOfTwo = await page({
        providers: ['chrysos-originals', 'aegean-reels'],
        categories: ['slots'],
      });
      expect(ids(slotsOfTwo.games)).toEqual([
        'golden-drachma',
        'lucky-sevens',
        'poseidons-harbour',
        'athenas-owl',
      ]);

      const highSlots = await page({ categories: ['slots'], volatility: ['high'] });
      expect(ids(highSlots.games)).toEqual(['poseidons-harbour', 'athenas-owl']);

      const newOrRoulette = await page({ categories: ['new', 'roulette'], volatility: ['low', 'medium'] });
      expect(ids(newOrRoulette.games)).toEqual(['european-roulette', 'hermes-dice']);

      const tablesAndSearch = await page({ providers: ['olympus-tables'], search: 'roulette' });
      expect(ids(tablesAndSearch.games)).toEqual(['european-roulette']);
      expect(tablesAndSearch.pagination.total).toBe(1);

      const none = await page({ providers: ['aegean-reels'], categories: ['dice'] });
      expect(none).toEqual({
        games: [],
        pagination: { page: 1, page_size: 24, total: 0, total_pages: 0, next_page: null },
      });
    });

    it('filters by device', async () => {
      await setGame('lucky-sevens', { devices: ['desktop'] });
      try {
        const mobile = await page({ device: 'mobile', providers: ['chrysos-originals'] });
        expect(ids(mobile.games)).toEqual(['golden-drachma']);
        const desktop = await page({ device: 'desktop', providers: ['chrysos-originals'] });
        expect(ids(desktop.games)).toEqual(['golden-drachma', 'lucky-sevens']);
      } finally {
        await setGame('lucky-sevens', { devices: ['desktop', 'mobile'] });
      }
    });

    it('pages through the games without repeating or skipping one', async () => {
      const pages = [];
      for (let number = 1; number <= 4; number++) pages.push(await page({ page: number, page_size: 2 }));
      expect(pages.map((found) => found.pagination)).toEqual([
        { page: 1, page_size: 2, total: 7, total_pages: 4, next_page: 2 },
        { page: 2, page_size: 2, total: 7, total_pages: 4, next_page: 3 },
        { page: 3, page_size: 2, total: 7, total_pages: 4, next_page: 4 },
        { page: 4, page_size: 2, total: 7, total_pages: 4, next_page: null },
      ]);
      expect(pages.map((found) => found.games.length)).toEqual([2, 2, 2, 1]);
      expect(pages.flatMap((found) => ids(found.games))).toEqual(ids((await page({})).games));

      const beyond = await page({ page: 5, page_size: 2 });
      expect(beyond.games).toEqual([]);
      expect(beyond.pagination).toEqual({ page: 5, page_size: 2, total: 7, total_pages: 4, next_page: null });
      const single = await page({ page_size: 1, page: 7 });
      expect(ids(single.games)).toEqual(['hermes-dice']);
      expect(single.pagination.next_page).toBeNull();
      const all = await page({ page_size: 100 });
      expect(all.games).toHaveLength(7);
    });

    it('sorts by release date and by name in the locale asked for', async () => {
      const newest = await page({ sort: 'new' });
      // Roulette and blackjack came out the same day: the older catalogue entry comes first.
      expect(ids(newest.games)).toEqual([
        'poseidons-harbour',
        'hermes-dice',
        'athenas-owl',
        'golden-drachma',
        'lucky-sevens',
        'european-roulette',
        'blackjack-classic',
      ]);
      const english = await page({ sort: 'name' });
      expect(english.games.map((game) => game.title)).toEqual([
        "Athena's Owl",
        'Blackjack',
        'European Roulette',
        'Golden Drachma',
        'Hermes Dice',
        'Lucky Sevens',
        "Poseidon's Harbour",
      ]);
      const greek = await page({ sort: 'name' }, { query: '?locale=el' });
      expect(greek.games.map((game) => game.title)).toEqual([
        'Ευρωπαϊκή Ρουλέτα',
        'Η Κουκουβάγια της Αθηνάς',
        'Μπλακτζάκ',
        'Τα Ζάρια του Ερμή',
        'Το Λιμάνι του Ποσειδώνα',
        'Τυχερά Επτάρια',
        'Χρυσή Δραχμή',
      ]);
    });

    it('searches English and Greek titles and provider names, ignoring case and accents', async () => {
      const search = async (text: string) => ids((await page({ search: text })).games);
      expect(await search('drachma')).toEqual(['golden-drachma']);
      expect(await search('  GOLDEN   drachma ')).toEqual(['golden-drachma']);
      expect(await search('Δραχμή')).toEqual(['golden-drachma']);
      expect(await search('δραχμη')).toEqual(['golden-drachma']);
      expect(await search('ΧΡΥΣΗ')).toEqual(['golden-drachma']);
      // Final sigma and the diaeresis of ϊ fold too.
      expect(await search('αθηνας')).toEqual(['athenas-owl']);
      expect(await search('ευρωπαικη')).toEqual(['european-roulette']);
      expect(await search('λιμανι ποσειδωνα')).toEqual(['poseidons-harbour']);
      expect(await search('poseidon')).toEqual(['poseidons-harbour']);
      expect(await search('aegean')).toEqual(['poseidons-harbour', 'athenas-owl']);
      expect(await search('ολυμπ')).toEqual([]);
      expect(await search('zeus')).toEqual([]);
      expect(await search('100%_')).toEqual([]);
      expect(await search('   ')).toHaveLength(7);
    });

    it('refuses bad filter values with an error per field, and an unknown provider by name', async () => {
      const refused = async (body: Record<string, unknown>) => {
        const response = await filter(body);
        expect(response.statusCode).toBe(422);
        return response.json().errors as Record<string, string[]>;
      };
      expect(Object.keys(await refused({ volatility: ['extreme'] }))).toEqual(['volatility.0']);
      expect(Object.keys(await refused({ device: 'tv' }))).toEqual(['device']);
      expect(Object.keys(await refused({ sort: 'random' }))).toEqual(['sort']);
      expect(Object.keys(await refused({ page: 0 }))).toEqual(['page']);
      expect(Object.keys(await refused({ page: 1.5 }))).toEqual(['page']);
      expect(Object.keys(await refused({ page_size: 0 }))).toEqual(['page_size']);
      expect(Object.keys(await refused({ page_size: 101 }))).toEqual(['page_size']);
      expect(Object.keys(await refused({ categories: ['Slots!'] }))).toEqual(['categories.0']);
      expect(Object.keys(await refused({ providers: 'aegean-reels' }))).toEqual(['providers']);
      expect(await refused({ search: 'x'.repeat(101) })).toEqual({
        search: ['Must be at most 100 characters'],
      });
      expect(Object.keys(await refused({ colour: 'gold' }))).toEqual(['body']);
      expect(await refused({ providers: ['aegean-reels', 'netent', 'playtech'] })).toEqual({
        providers: ['Unknown provider: netent, playtech'],
      });
      const unknown = await filter({ providers: ['aegean-reels', 'netent'] });
      expect(unknown.json().codes).toEqual({ providers: ['games.unknown_provider'] });
      expect(unknown.json().params).toEqual({ providers: [{ providers: 'netent' }] });
    });

    it('needs a signed-in player for favourites', async () => {
      const response = await filter({ favorites: true });
      expect(response.statusCode).toBe(401);
      expect(Object.keys(response.json().errors)).toEqual(['favorites']);
    });
  });

  describe('select', () => {
    it('answers the games asked for by identifier, in that order, leaving out unknown ones', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/games_filter/select',
        headers: { accept: v2 },
        payload: {
          identifiers: [
            'olympus-tables:hermes-dice',
            'nobody:nothing',
            'chrysos-originals:golden-drachma',
            'olympus-tables:hermes-dice',
          ],
        },
      });
      expect(response.statusCode).toBe(200);
      expect(ids(gamesList.parse(response.json()).games)).toEqual(['hermes-dice', 'golden-drachma']);
    });

    it('answers the games asked for by seo title, in that order', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/games_filter/select_by_seo_titles?locale=el',
        headers: { accept: v2 },
        payload: { seo_titles: ['athenas-owl', 'missing', 'blackjack-classic'] },
      });
      expect(response.statusCode).toBe(200);
      expect(gamesList.parse(response.json()).games.map((game) => game.title)).toEqual([
        'Η Κουκουβάγια της Αθηνάς',
        'Μπλακτζάκ',
      ]);
    });

    it('takes at most 100 games at once', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/games_filter/select',
        headers: { accept: v2 },
        payload: { identifiers: Array.from({ length: 101 }, (_, i) => `p:g-${i}`) },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        errors: { identifiers: ['Must have at most 100 items'] },
        codes: { identifiers: ['validation.max_items'] },
        params: { identifiers: [{ max: 100 }] },
      });
    });
  });

  describe('launch options', () => {
    it('opens the demo for anyone, with the v1 shape for v1 callers', async () => {
      const v2Answer = await launch('chrysos-originals/golden-drachma?mode=demo&locale=el');
      expect(v2Answer.statusCode).toBe(200);
      expect(v2Answer.json()).toEqual({
        game_url: expect.stringMatching(studioUrl('golden-drachma', 'el')),
        mode: 'demo',
        strategy: 'iframe',
      });
      const v1Answer = await launch('chrysos-originals/golden-drachma', { accept: v1 });
      expect(v1Answer.json()).toEqual({
        game_url: expect.stringMatching(studioUrl('golden-drachma', 'en')),
        strategy: 'iframe',
      });
    });

    it('plays a visitor’s demo in the money of where they are, and each visitor in their own', async () => {
      const demoCurrency = async (call: Call) => {
        const answer = await launch('chrysos-originals/golden-drachma?mode=demo', call);
        expect(answer.statusCode, answer.body).toBe(200);
        const session = new URL(answer.json().game_url, 'https://casino.test').searchParams.get('session');
        const opened = await app.inject({
          url: '/games-api/session',
          headers: { 'x-studio-session': session ?? '' },
        });
        return opened.json().currency;
      };
      expect(await demoCurrency({ country: 'GR' })).toBe('EUR');
      expect(await demoCurrency({ country: 'GB' })).toBe('GBP');
      // A signed-in player plays in their account's money wherever they are.
      expect(await demoCurrency({ cookie: british, country: 'GR' })).toBe('GBP');
    });

    it('finds a game by its identifier part as well', async () => {
      await setGame('hermes-dice', { seoTitle: 'hermes-dice-online' });
      try {
        for (const path of ['olympus-tables/hermes-dice', 'olympus-tables/hermes-dice-online']) {
          expect((await launch(path)).json().game_url).toMatch(studioUrl('hermes-dice', 'en'));
        }
      } finally {
        await setGame('hermes-dice-online', { seoTitle: 'hermes-dice' });
      }
    });

    it('says clearly when the provider or the game does not exist, opening nothing', async () => {
      const sessions = await count(schema.gameSessions);
      for (const path of [
        'chrysos-originals/no-such-game?mode=real',
        'no-such-provider/golden-drachma',
        'aegean-reels/golden-drachma?mode=real',
      ]) {
        const response = await launch(path, { cookie: greek });
        expect(response.statusCode).toBe(404);
        expect(response.json().errors.game[0]).toMatch(/There is no game .+ from provider/);
      }
      expect(await count(schema.gameSessions)).toBe(sessions);
    });

    it('needs a signed-in player for real money, and opens nothing for a visitor', async () => {
      const sessions = await count(schema.gameSessions);
      const response = await launch('chrysos-originals/golden-drachma?mode=real');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        errors: { base: ['Sign in to play for real money'] },
        codes: { base: ['games.sign_in_to_play'] },
      });
      expect(await count(schema.gameSessions)).toBe(sessions);
    });

    it('opens a real-money session in the player’s currency and lists the game as recently played', async () => {
      const empty = await app.inject({
        url: '/api/player/recent_games',
        headers: headers({ cookie: greek }),
      });
      expect(empty.json()).toEqual({ games: [] });

      const first = await launch('olympus-tables/european-roulette?mode=real&locale=el', { cookie: greek });
      expect(first.statusCode).toBe(200);
      const { game_url: url, mode } = first.json();
      expect(mode).toBe('real');
      expect(url).toMatch(studioUrl('european-roulette', 'el'));
      // The studio holds the wallet token; the game's address carries only the studio's session id.
      expect(url).not.toContain('token');
      const [studioSession] = await app.database.db
        .select()
        .from(studioSchema.studioSessions)
        .orderBy(sql`${studioSchema.studioSessions.createdAt} desc`)
        .limit(1);
      expect(studioSession).toMatchObject({ mode: 'real', titleId: 'european-roulette', currency: 'EUR' });
      expect(studioSession?.walletToken?.length).toBeGreaterThanOrEqual(32);

      const [session] = await app.database.db
        .select()
        .from(schema.gameSessions)
        .orderBy(sql`${schema.gameSessions.createdAt} desc`)
        .limit(1);
      expect(session).toMatchObject({
        currency: 'EUR',
        studio: 'chrysos-studio',
        gameCode: 'european-roulette',
      });

      await launch('chrysos-originals/golden-drachma?mode=real', { cookie: greek });
      await launch('olympus-tables/european-roulette?mode=real', { cookie: greek });
      const recent = await app.inject({
        url: '/api/player/recent_games',
        headers: headers({ cookie: greek }),
      });
      expect(ids(gamesList.parse(recent.json()).games)).toEqual(['european-roulette', 'golden-drachma']);
      // Each player has a list of their own.
      const theirs = await app.inject({
        url: '/api/player/recent_games',
        headers: headers({ cookie: british }),
      });
      expect(theirs.json()).toEqual({ games: [] });
      expect((await app.inject({ url: '/api/player/recent_games' })).statusCode).toBe(401);
    });

    it('refuses the demo of a game that has none', async () => {
      await setGame('blackjack-classic', { hasDemo: false });
      try {
        const response = await launch('olympus-tables/blackjack-classic?mode=demo');
        expect(response.statusCode).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual(['mode']);
        const filtered = await page({ search: 'blackjack' });
        expect(filtered.games[0]?.has_demo).toBe(false);
        expect(
          (await launch('olympus-tables/blackjack-classic?mode=real', { cookie: greek })).statusCode,
        ).toBe(200);
      } finally {
        await setGame('blackjack-classic', { hasDemo: true });
      }
    });

    it('refuses an unknown mode or locale', async () => {
      const response = await launch('chrysos-originals/golden-drachma?mode=free&locale=fr');
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors).sort()).toEqual(['locale', 'mode']);
    });
  });

  describe('restricted games', () => {
    it('hides a game restricted in the caller’s country and refuses to launch it there', async () => {
      await setGame('poseidons-harbour', { restrictedCountries: ['DE', 'FR'] });
      try {
        const fromGermany = { country: 'DE' };
        expect(ids((await page({}, fromGermany)).games)).not.toContain('poseidons-harbour');
        expect((await page({}, fromGermany)).pagination.total).toBe(6);
        expect(ids((await page({ search: 'poseidon' }, fromGermany)).games)).toEqual([]);
        const selected = await app.inject({
          method: 'POST',
          url: '/api/games_filter/select_by_seo_titles',
          headers: headers(fromGermany),
          payload: { seo_titles: ['poseidons-harbour', 'athenas-owl'] },
        });
        expect(ids(selected.json().games)).toEqual(['athenas-owl']);
        const providers = await app.inject({ url: '/api/games/providers', headers: headers(fromGermany) });
        expect(providers.json()).toContainEqual({
          slug: 'aegean-reels',
          name: 'Aegean Reels',
          games_count: 1,
        });

        const sessions = await count(schema.gameSessions);
        for (const mode of ['demo', 'real']) {
          const refused = await launch(`aegean-reels/poseidons-harbour?mode=${mode}`, {
            ...fromGermany,
            cookie: british,
          });
          expect(refused.statusCode).toBe(403);
          expect(refused.json()).toEqual({
            errors: { game: ['This game is not available in your country'] },
            codes: { game: ['games.restricted_country'] },
          });
        }
        expect(await count(schema.gameSessions)).toBe(sessions);

        // The same visitor from elsewhere sees and opens it.
        expect(ids((await page({}, { country: 'GB' })).games)).toContain('poseidons-harbour');
        expect((await launch('aegean-reels/poseidons-harbour', { country: 'GB' })).statusCode).toBe(200);
      } finally {
        await setGame('poseidons-harbour', { restrictedCountries: [] });
      }
    });

    it('counts a player’s country of residence as well as where the request comes from', async () => {
      await setGame('athenas-owl', { restrictedCountries: ['GR'] });
      try {
        expect(ids((await page({}, { cookie: greek, country: 'GB' })).games)).not.toContain('athenas-owl');
        expect(ids((await page({}, { cookie: british, country: 'GB' })).games)).toContain('athenas-owl');
      } finally {
        await setGame('athenas-owl', { restrictedCountries: [] });
      }
    });

    it('hides a game restricted in the player’s currency and refuses real play in it', async () => {
      await setGame('lucky-sevens', { restrictedCurrencies: ['EUR'] });
      try {
        expect(ids((await page({}, { cookie: greek })).games)).not.toContain('lucky-sevens');
        expect(ids((await page({}, { cookie: british })).games)).toContain('lucky-sevens');
        const refused = await launch('chrysos-originals/lucky-sevens?mode=real', { cookie: greek });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          errors: { game: ['This game is not available for play in EUR'] },
          codes: { game: ['games.restricted_currency'] },
          params: { game: [{ currency: 'EUR' }] },
        });
        const played = await launch('chrysos-originals/lucky-sevens?mode=real', { cookie: british });
        expect(played.statusCode).toBe(200);
      } finally {
        await setGame('lucky-sevens', { restrictedCurrencies: [] });
      }
    });
  });

  describe('favourites', () => {
    const mark = (method: 'PUT' | 'DELETE', id: string, cookie = greek) =>
      app.inject({
        method,
        url: `/api/player/favorite_games/${encodeURIComponent(id)}`,
        headers: headers({ cookie }),
      });

    it('marks and unmarks favourites idempotently and shows them as favourites everywhere', async () => {
      expect(await favorites(greek)).toEqual([]);
      for (let time = 0; time < 2; time++) {
        expect((await mark('PUT', 'aegean-reels:athenas-owl')).statusCode).toBe(204);
      }
      // The identifier may come unescaped in the path as well.
      const plain = await app.inject({
        method: 'PUT',
        url: '/api/player/favorite_games/olympus-tables:hermes-dice',
        headers: headers({ cookie: greek }),
      });
      expect(plain.statusCode).toBe(204);

      const listed = await favorites(greek);
      expect(ids(listed)).toEqual(['hermes-dice', 'athenas-owl']);
      expect(listed.every((game) => game.favorite)).toBe(true);

      const onlyFavorites = await page({ favorites: true }, { cookie: greek });
      expect(ids(onlyFavorites.games)).toEqual(['athenas-owl', 'hermes-dice']);
      expect(onlyFavorites.games.every((game) => game.favorite)).toBe(true);
      const everything = await page({}, { cookie: greek });
      expect(
        everything.games
          .filter((game) => game.favorite)
          .map((game) => game.seo_title)
          .sort(),
      ).toEqual(['athenas-owl', 'hermes-dice']);
      // Another player's and a visitor's view carry no marks.
      expect((await page({}, { cookie: british })).games.some((game) => game.favorite)).toBe(false);
      expect((await page({})).games.some((game) => game.favorite)).toBe(false);
      expect(await favorites(british)).toEqual([]);

      for (let time = 0; time < 2; time++) {
        expect((await mark('DELETE', 'aegean-reels:athenas-owl')).statusCode).toBe(204);
      }
      expect(ids(await favorites(greek))).toEqual(['hermes-dice']);
    });

    it('answers 404 for an unknown game and 401 for a visitor, changing nothing', async () => {
      const before = await favorites(greek);
      for (const method of ['PUT', 'DELETE'] as const) {
        const unknown = await mark(method, 'chrysos-originals:no-such-game');
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({
          errors: { id: ['There is no game chrysos-originals:no-such-game'] },
          codes: { id: ['games.favorite_not_found'] },
          params: { id: [{ id: 'chrysos-originals:no-such-game' }] },
        });
        const visitor = await app.inject({
          method,
          url: '/api/player/favorite_games/aegean-reels:athenas-owl',
          headers: { accept: v1 },
        });
        expect(visitor.statusCode).toBe(401);
      }
      expect((await app.inject({ url: '/api/player/favorite_games' })).statusCode).toBe(401);
      expect(await favorites(greek)).toEqual(before);
    });

    it('keeps a favourite restricted for the player out of the list until it is allowed again', async () => {
      await mark('PUT', 'chrysos-originals:golden-drachma');
      await setGame('golden-drachma', { restrictedCurrencies: ['EUR'] });
      try {
        expect(ids(await favorites(greek))).not.toContain('golden-drachma');
      } finally {
        await setGame('golden-drachma', { restrictedCurrencies: [] });
      }
      expect(ids(await favorites(greek))).toContain('golden-drachma');
    });

    it('answers the same list in v1 and v2', async () => {
      const older = await app.inject({
        url: '/api/player/favorite_games',
        headers: headers({ cookie: greek, accept: v1 }),
      });
      expect(older.statusCode).toBe(200);
      expect(older.json()).toEqual({ games: await favorites(greek) });
    });
  });

  describe('catalogue changes', () => {
    it('shows what changed in the database at once, whoever changed it', async () => {
      const { db } = app.database;
      await db
        .update(schema.gameProviders)
        .set({ name: 'Aegean Reels Studio' })
        .where(eq(schema.gameProviders.slug, 'aegean-reels'));
      await db.insert(schema.games).values({
        identifier: 'aegean-reels:sirens-song',
        seoTitle: 'sirens-song',
        provider: 'aegean-reels',
        studio: 'chrysos-studio',
        gameCode: 'sirens-song',
        titleEn: "Siren's Song",
        titleEl: 'Το Τραγούδι της Σειρήνας',
        thumbnail: '/images/games/sirens-song.svg',
        volatility: 'high',
        rtp: 95.8,
        releasedAt: new Date('2026-11-01T00:00:00Z'),
      });
      try {
        const { games } = await page({ providers: ['aegean-reels'], sort: 'new' });
        expect(games.map((game) => [game.seo_title, game.provider_name])).toEqual([
          ['sirens-song', 'Aegean Reels Studio'],
          ['poseidons-harbour', 'Aegean Reels Studio'],
          ['athenas-owl', 'Aegean Reels Studio'],
        ]);
        expect(ids((await page({ search: 'studio σειρηνασ' })).games)).toEqual(['sirens-song']);
        const providers = gameProviders.parse((await app.inject({ url: '/api/games/providers' })).json());
        expect(providers).toContainEqual({
          slug: 'aegean-reels',
          name: 'Aegean Reels Studio',
          games_count: 3,
        });
      } finally {
        await db.delete(schema.games).where(eq(schema.games.seoTitle, 'sirens-song'));
        await db
          .update(schema.gameProviders)
          .set({ name: 'Aegean Reels' })
          .where(eq(schema.gameProviders.slug, 'aegean-reels'));
      }
      expect((await page({})).pagination.total).toBe(7);
      expect(ids((await page({ search: 'siren' })).games)).toEqual([]);
    });
  });

  it('describes the games API in the OpenAPI document', async () => {
    const document = (await app.inject({ url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/games/providers',
        '/games_filter',
        '/games_filter/select',
        '/games_filter/select_by_seo_titles',
        '/games/launch_options/{provider}/{game}',
        '/settings/games_proxy_script_url',
        '/player/favorite_games',
        '/player/favorite_games/{id}',
        '/player/recent_games',
      ]),
    );
    const body = document.paths['/games_filter'].post.requestBody.content['application/json'].schema;
    expect(body).toEqual({ $ref: '#/components/schemas/GamesFilterInput' });
    expect(Object.keys(document.components.schemas.GamesFilterInput.properties)).toContain('page_size');
  });

  describe('games proxy script', () => {
    it('names the configured script', async () => {
      const response = await app.inject({
        url: '/api/settings/games_proxy_script_url',
        headers: { accept: v2 },
      });
      expect(response.json()).toEqual({ url: 'https://proxy.example/games.js' });
    });
  });
});

describe('the in-house studio’s catalogue, without a test feed', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp('pglite');
  });
  afterAll(() => app.closeAll());

  it('lists every studio title under its brand, each one launchable as a demo', async () => {
    const providers = gameProviders.parse((await app.inject({ url: '/api/games/providers' })).json());
    expect(
      providers
        .map(({ slug, games_count }) => ({ slug, games_count }))
        .sort((a, b) => a.slug.localeCompare(b.slug)),
    ).toEqual(
      studioBrands
        .map((brand) => ({
          slug: brand.id,
          games_count: titles.filter((title) => title.brand === brand.id).length,
        }))
        .sort((a, b) => a.slug.localeCompare(b.slug)),
    );
    const listed = gamesPage.parse(
      (await app.inject({ method: 'POST', url: '/api/games_filter', payload: { page_size: 100 } })).json(),
    );
    expect(listed.games.map((game) => game.identifier).sort()).toEqual(
      titles.map((title) => `${title.brand}:${title.id}`).sort(),
    );
    for (const title of titles) {
      const response = await app.inject({ url: `/api/games/launch_options/${title.brand}/${title.id}` });
      expect(response.json().game_url).toMatch(studioUrl(title.id, 'en'));
    }
  });

  it('answers a null games proxy script url when none is configured', async () => {
    const response = await app.inject({ url: '/api/settings/games_proxy_script_url' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: null });
  });
});
