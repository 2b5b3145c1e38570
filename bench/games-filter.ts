import { createHash, randomBytes } from 'node:crypto';
import { gamesApi } from '@chrysos/contract';
import { createClient } from '@chrysos/contract/client';
import { schema } from '@chrysos/db';
import { openTestDatabase } from '@chrysos/db/testing';
import { buildApp } from '@chrysos/server/app';
import { parseConfig } from '@chrysos/server/config';
import { type FeedTitle, importStudioFeed } from '@chrysos/server/games/import-studio-titles';
import { foldText, searchWords } from '@chrysos/server/games/search-text';
import { sql } from 'drizzle-orm';

/**
 * The lobby's catalogue query on a 10,000-game catalogue: server time of POST /api/games_filter (p50,
 * p99) for a mix of typical lobby queries, next to the same queries as hand-written SQL through the
 * driver in the same run. Embedded PGlite by default, PostgreSQL when DATABASE_URL is set. Prints
 * figures against the targets (p50 ≤ 5 ms, p99 ≤ 20 ms); never passes or fails.
 *   node bench/games-filter.ts [--games 10000] [--rounds 40]
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const gameCount = argument('games', 10_000);
const rounds = argument('rounds', 40);
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

// A deterministic generator, so every run measures the same catalogue.
let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const brands = [
  { id: 'chrysos-originals', name: 'Chrysos Originals' },
  { id: 'aegean-reels', name: 'Aegean Reels' },
  { id: 'olympus-tables', name: 'Olympus Tables' },
  ...['Delphi', 'Knossos', 'Sparta', 'Rhodes', 'Corinth', 'Mykonos', 'Ithaca', 'Thebes', 'Argos'].map(
    (name) => ({
      id: `${name.toLowerCase()}-gaming`,
      name: `${name} Gaming`,
    }),
  ),
];
const words: [string, string][] = [
  ['Golden', 'Χρυσή'],
  ['Drachma', 'Δραχμή'],
  ['Treasure', 'Θησαυρός'],
  ['Temple', 'Ναός'],
  ['Island', 'Νησί'],
  ['Harbour', 'Λιμάνι'],
  ['Owl', 'Κουκουβάγια'],
  ['Fortune', 'Τύχη'],
  ['Olive', 'Ελιά'],
  ['Lightning', 'Κεραυνός'],
  ['Trident', 'Τρίαινα'],
  ['Laurel', 'Δάφνη'],
  ['Amphora', 'Αμφορέας'],
  ['Siren', 'Σειρήνα'],
  ['Oracle', 'Μαντείο'],
  ['Titan', 'Τιτάνας'],
  ['Zeus', 'Δίας'],
  ['Athena', 'Αθηνά'],
  ['Poseidon', 'Ποσειδώνας'],
  ['Hermes', 'Ερμής'],
  ['Apollo', 'Απόλλων'],
  ['Artemis', 'Άρτεμις'],
  ['Medusa', 'Μέδουσα'],
  ['Pegasus', 'Πήγασος'],
];
const kinds = [
  { engine: 'video-slot', categories: ['slots'], lines: 20 },
  { engine: 'classic-slot', categories: ['slots', 'classic-slots'], lines: 5 },
  { engine: 'roulette', categories: ['table', 'roulette'] },
  { engine: 'blackjack', categories: ['table', 'blackjack'] },
  { engine: 'dice', categories: ['dice'] },
] as const;

function generateTitles(count: number): FeedTitle[] {
  return Array.from({ length: count }, (_, index) => {
    const [first, second, third] = [pick(words), pick(words), pick(words)];
    const shape = random() < 0.7 ? kinds[Math.floor(random() * 2)] : pick(kinds);
    const extra = [random() < 0.1 ? 'new' : '', random() < 0.1 ? 'popular' : ''].filter(Boolean);
    const released = new Date(Date.UTC(2021, 0, 1) + Math.floor(random() * 6 * 365) * 86_400_000);
    return {
      id: `${first[0]}-${second[0]}-${third[0]}-${index}`.toLowerCase(),
      brand: pick(brands).id,
      engine: shape?.engine ?? 'video-slot',
      variant: 'base',
      title: {
        en: `${first[0]} ${second[0]} of the ${third[0]}`,
        el: `${first[1]} ${second[1]} ${third[1]}`,
      },
      description: { en: 'A generated title.', el: 'Παραγόμενος τίτλος.' },
      categories: [...(shape?.categories ?? ['slots']), ...extra],
      rtp: Math.round((94 + random() * 5) * 100) / 100,
      volatility: pick(['low', 'medium', 'high'] as const),
      lines: shape && 'lines' in shape ? shape.lines : undefined,
      features: random() < 0.5 ? ['free-spins'] : [],
      releasedAt: released.toISOString().slice(0, 10),
      minBet: 0.1,
      maxBet: 100,
    };
  });
}

const database = await openTestDatabase(kind);
await database.migrate();
const { db } = database;
await db.execute(
  sql`insert into currencies (code, symbol, subunits_to_unit, fiat, position) values ('EUR', '€', 100, true, 0) on conflict do nothing`,
);

/** Rows of a raw query; both drivers answer `{ rows }`. */
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const titles = generateTitles(gameCount);
for (let start = 0; start < titles.length; start += 1_000) {
  await importStudioFeed(db, {
    studio: 'chrysos-studio',
    brands,
    titles: titles.slice(start, start + 1_000),
  });
}
// Popularity as play would spread it, and a few games restricted somewhere, as in a real catalogue.
await db.execute(sql`update games set popularity = floor(power(random(), 3) * 100000)::int`);
await db.execute(sql`update games set restricted_countries = '{US,FR}' where id % 20 = 0`);
await db.execute(sql`update games set restricted_currencies = '{GBP}' where id % 33 = 0`);
// The raw-SQL baseline gets what a SQL implementation would add: folded search and sort columns, and
// indexes for the sort orders and categories.
await db.execute(
  sql`alter table games add column search_text text, add column sort_title_en text, add column sort_title_el text`,
);
const folded = await rows<{ id: number; title_en: string; title_el: string; name: string }>(
  sql`select g.id, g.title_en, g.title_el, p.name from games g join game_providers p on p.slug = g.provider`,
);
for (let start = 0; start < folded.length; start += 1_000) {
  const values = folded
    .slice(start, start + 1_000)
    .map(
      (row) =>
        sql`(${row.id}::int, ${[row.title_en, row.title_el, row.name].map(foldText).join(' ')}, ${foldText(row.title_en)}, ${foldText(row.title_el)})`,
    );
  await db.execute(sql`update games g set search_text = v.s, sort_title_en = v.en, sort_title_el = v.el
    from (values ${sql.join(values, sql`, `)}) as v(id, s, en, el) where g.id = v.id`);
}
await db.execute(sql`create index on games (popularity desc nulls last, id)`);
await db.execute(sql`create index on games (released_at desc nulls last, id)`);
await db.execute(sql`create index on games (sort_title_el collate "C", id)`);
await db.execute(sql`create index on games using gin (categories)`);
await db.execute(sql`vacuum full analyze games`);

// A signed-in player with 60 favourites.
const [player] = await db
  .insert(schema.players)
  .values({
    email: 'bench@example.gr',
    currency: 'EUR',
    country: null,
    termsAcceptance: true,
    ageAcceptance: true,
  })
  .returning({ id: schema.players.id });
const playerId = player?.id ?? '';
const token = randomBytes(32).toString('base64url');
await db.insert(schema.sessions).values({
  tokenHash: createHash('sha256').update(token).digest('hex'),
  playerId,
  ip: '127.0.0.1',
  expiresAt: new Date(Date.now() + 86_400_000),
});
await db.execute(
  sql`insert into favorite_games (player_id, game_id) select ${playerId}, id from games where id % 167 = 0`,
);

const app = await buildApp({
  config: parseConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    GEOIP_COUNTRY_HEADER: 'CF-IPCountry',
  }),
  database,
  web: false,
  // The generated catalogue only: the studio's own titles would change nothing measured here.
  studioFeed: { studio: 'chrysos-studio', brands: [], titles: [] },
});
await app.ready();

interface Query {
  name: string;
  body: Record<string, unknown>;
  signedIn?: boolean;
  locale?: 'el';
}
const mix: Query[] = [
  { name: 'all games, popularity', body: {} },
  { name: 'category slots', body: { categories: ['slots'] } },
  { name: 'categories table|roulette, new', body: { categories: ['table', 'roulette'], sort: 'new' } },
  { name: 'provider', body: { providers: ['aegean-reels'] } },
  {
    name: 'providers + category + volatility',
    body: { providers: ['delphi-gaming', 'knossos-gaming'], categories: ['slots'], volatility: ['high'] },
  },
  { name: 'search "pegasus"', body: { search: 'pegasus' } },
  { name: 'search "δρα" (Greek)', body: { search: 'δρα' } },
  { name: 'search "golden owl"', body: { search: 'golden owl' } },
  { name: 'device mobile, name (el)', body: { device: 'mobile', sort: 'name' }, locale: 'el' },
  { name: 'signed in: all games', body: {}, signedIn: true },
  { name: 'signed in: favourites', body: { favorites: true }, signedIn: true },
  { name: 'deep page 300 of 24, new', body: { sort: 'new', page: 300, page_size: 24 } },
  { name: 'deep page 50 of 100, slots', body: { categories: ['slots'], page: 50, page_size: 100 } },
];

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0) * 100) / 100;
};

/** The contract's client, answered in process; the answer's JSON is left unread, as a server would. */
const api = createClient(async (request) => {
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    payload: request.body,
  });
  return { status: response.statusCode, body: response.body };
});

async function productCall(query: Query): Promise<number> {
  const started = performance.now();
  const answer = await api(gamesApi.filter, {
    query: query.locale ? { locale: query.locale } : {},
    body: query.body,
    headers: {
      'cf-ipcountry': 'GR',
      ...(query.signedIn ? { cookie: `chrysos_session=${token}` } : {}),
    },
  });
  const elapsed = performance.now() - started;
  if (!answer.ok) throw new Error(`${query.name}: ${answer.status}`);
  return elapsed;
}

/** The same work as SQL written by hand: the page and the count, no HTTP, no validation, no session. */
function rawStatements(query: Query): ReturnType<typeof sql>[] {
  const body = query.body as {
    providers?: string[];
    categories?: string[];
    volatility?: string[];
    device?: string;
    search?: string;
    favorites?: boolean;
    sort?: string;
    page?: number;
    page_size?: number;
  };
  const where = [sql`not ('GR' = any(g.restricted_countries))`];
  if (query.signedIn) where.push(sql`not ('EUR' = any(g.restricted_currencies))`);
  const list = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  if (body.providers) where.push(sql`g.provider in (${list(body.providers)})`);
  if (body.categories) where.push(sql`g.categories && array[${list(body.categories)}]::text[]`);
  if (body.volatility) where.push(sql`g.volatility in (${list(body.volatility)})`);
  if (body.device) where.push(sql`${body.device}::text = any(g.devices)`);
  if (body.favorites) {
    where.push(
      sql`exists (select 1 from favorite_games f where f.player_id = ${playerId} and f.game_id = g.id)`,
    );
  }
  for (const word of searchWords(body.search)) {
    where.push(sql`g.search_text like ${`%${word}%`}`);
  }
  const condition = sql.join(where, sql` and `);
  const order =
    body.sort === 'new'
      ? sql`g.released_at desc nulls last, g.id`
      : body.sort === 'name'
        ? sql`g.sort_title_${sql.raw(query.locale ?? 'en')} collate "C", g.id`
        : sql`g.popularity desc nulls last, g.id`;
  const size = body.page_size ?? 24;
  const favorite = query.signedIn
    ? sql`exists (select 1 from favorite_games f where f.player_id = ${playerId} and f.game_id = g.id)`
    : sql`false`;
  return [
    sql`select g.identifier, g.seo_title, g.title_en, g.description_en, g.provider, p.name, g.categories, g.thumbnail,
          g.volatility, g.rtp, g.lines, g.features, g.has_demo, g.devices, g.released_at, ${favorite} as favorite
        from games g join game_providers p on p.slug = g.provider
        where ${condition} order by ${order} limit ${size} offset ${((body.page ?? 1) - 1) * size}`,
    sql`select count(*)::int from games g where ${condition}`,
  ];
}

async function rawCall(query: Query): Promise<number> {
  const started = performance.now();
  for (const statement of rawStatements(query)) await db.execute(statement);
  return performance.now() - started;
}

async function measure(call: (query: Query) => Promise<number>) {
  const perQuery = new Map<string, number[]>();
  const all: number[] = [];
  for (let round = 0; round < rounds + 5; round++) {
    for (const query of mix) {
      const elapsed = await call(query);
      // The first rounds warm the JIT, the planner and the caches.
      if (round < 5) continue;
      all.push(elapsed);
      perQuery.set(query.name, [...(perQuery.get(query.name) ?? []), elapsed]);
    }
  }
  return { perQuery, all };
}

/** The first lobby request after a catalogue change reloads the snapshot: what that one costs. */
async function reloadCost(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    // A statement trigger fires even when no row changes: the version moves, every snapshot is stale.
    await db.execute(sql`update game_providers set name = name where false`);
    times.push(await productCall(mix[0] as Query));
  }
  return percentile(times, 0.5);
}

try {
  const product = await measure(productCall);
  const raw = await measure(rawCall);
  const reload = await reloadCost();
  const [total] = await rows<{ n: number }>(sql`select count(*)::int as n from games`);
  console.log(
    `\n${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}, ${total?.n} games, ${rounds} rounds of ${mix.length} queries, one caller, Node ${process.version}\n`,
  );
  console.table(
    mix.map((query) => {
      const mine = product.perQuery.get(query.name) ?? [];
      const theirs = raw.perQuery.get(query.name) ?? [];
      return {
        query: query.name,
        'API p50 ms': percentile(mine, 0.5),
        'API p99 ms': percentile(mine, 0.99),
        'raw SQL p50 ms': percentile(theirs, 0.5),
        'raw SQL p99 ms': percentile(theirs, 0.99),
      };
    }),
  );
  const p50 = percentile(product.all, 0.5);
  const p99 = percentile(product.all, 0.99);
  console.log(
    `whole mix: POST /api/games_filter p50 ${p50} ms (target ≤ 5), p99 ${p99} ms (target ≤ 20); ` +
      `raw SQL baseline p50 ${percentile(raw.all, 0.5)} ms, p99 ${percentile(raw.all, 0.99)} ms.`,
  );
  console.log(`first request after a catalogue change (reloads the in-memory snapshot): ${reload} ms.`);
} finally {
  await app.close();
  await database.close();
}
