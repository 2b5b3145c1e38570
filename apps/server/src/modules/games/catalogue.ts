import { type Db, schema } from '@chrysos/db';
import { eq, sql } from 'drizzle-orm';
import { freshRead } from '../../platform/fresh-read.ts';
import { type CatalogueGame, CatalogueSnapshot } from './catalogue-snapshot.ts';

interface GameJson {
  id: number;
  identifier: string;
  seo_title: string;
  provider: string;
  title_en: string;
  title_el: string;
  description_en: string;
  description_el: string;
  categories: string[];
  thumbnail: string;
  volatility: CatalogueGame['volatility'];
  rtp: number;
  lines: number | null;
  features: string[];
  has_demo: boolean;
  devices: string[];
  restricted_countries: string[];
  restricted_currencies: string[];
  released_at: string;
  popularity: number;
}

/**
 * Every game as one JSON document: PGlite hands 10,000 rows of arrays over five to ten times slower
 * than one text value the size of them all.
 */
async function catalogueGames(db: Db): Promise<CatalogueGame[]> {
  const g = schema.games;
  const columns = sql.join(
    [
      g.id,
      g.identifier,
      g.seoTitle,
      g.provider,
      g.titleEn,
      g.titleEl,
      g.descriptionEn,
      g.descriptionEl,
      g.categories,
      g.thumbnail,
      g.volatility,
      g.rtp,
      g.lines,
      g.features,
      g.hasDemo,
      g.devices,
      g.restrictedCountries,
      g.restrictedCurrencies,
      g.releasedAt,
      g.popularity,
    ].map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const result = await db.execute(
    sql`select coalesce(json_agg(row_to_json(t) order by t.id), '[]')::text as games from (select ${columns} from ${g}) t`,
  );
  const [row] = (result as unknown as { rows: { games: string }[] }).rows;
  return (JSON.parse(row?.games ?? '[]') as GameJson[]).map((game) => ({
    id: game.id,
    identifier: game.identifier,
    seoTitle: game.seo_title,
    provider: game.provider,
    titleEn: game.title_en,
    titleEl: game.title_el,
    descriptionEn: game.description_en,
    descriptionEl: game.description_el,
    categories: game.categories,
    thumbnail: game.thumbnail,
    volatility: game.volatility,
    rtp: Number(game.rtp),
    lines: game.lines,
    features: game.features,
    hasDemo: game.has_demo,
    devices: game.devices,
    restrictedCountries: game.restricted_countries,
    restrictedCurrencies: game.restricted_currencies,
    releasedAt: new Date(game.released_at),
    popularity: game.popularity,
  }));
}

/** Built and planned once per database: every lobby request reads the version first. */
function versionQuery(db: Db) {
  return db
    .select({ version: schema.gamesCatalogueVersion.version })
    .from(schema.gamesCatalogueVersion)
    .where(eq(schema.gamesCatalogueVersion.singleton, sql.placeholder('singleton')))
    .prepare('games_catalogue_version');
}

/**
 * The catalogue snapshot of this process, kept current: each request reads the one-row version that
 * triggers bump on any change to games or providers (packages/db/sql/functions/games_catalogue_changed.sql),
 * and a changed version reloads the snapshot. So every instance answers from the database's state at the
 * time of the request.
 */
export class GamesCatalogue {
  private readonly db: Db;
  /** Shared by the requests that arrive while one is under way (platform/fresh-read.ts). */
  private readonly readVersion: () => Promise<number>;
  private snapshot: CatalogueSnapshot | undefined;
  private loading: { version: number; promise: Promise<CatalogueSnapshot> } | undefined;

  constructor(db: Db) {
    this.db = db;
    const query = versionQuery(db);
    this.readVersion = freshRead(async () => {
      const [row] = await query.execute({ singleton: true });
      return Number(row?.version ?? 0);
    });
  }

  async current(): Promise<CatalogueSnapshot> {
    const version = await this.readVersion();
    if (this.snapshot && this.snapshot.version >= version) return this.snapshot;
    if (this.loading?.version === version) return this.loading.promise;
    const promise = this.load(version);
    this.loading = { version, promise };
    // A failed load is tried again by the next request.
    promise.catch(() => {
      if (this.loading?.promise === promise) this.loading = undefined;
    });
    return promise;
  }

  private async load(version: number): Promise<CatalogueSnapshot> {
    // Rows read after the version are at least that new; a change in between bumps it again.
    const [rows, providers] = await Promise.all([
      catalogueGames(this.db),
      this.db
        .select({ slug: schema.gameProviders.slug, name: schema.gameProviders.name })
        .from(schema.gameProviders),
    ]);
    const snapshot = new CatalogueSnapshot(version, rows, providers);
    if (!this.snapshot || this.snapshot.version < version) this.snapshot = snapshot;
    return snapshot;
  }
}
