import { type Db, schema } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import { thumbnailPath } from './thumbnails.ts';

/**
 * What the catalogue needs from a studio's title feed. The in-house studio's `StudioTitle`
 * (apps/games/src/studio-types.ts) has this shape; a third-party feed would be mapped onto it.
 */
export interface FeedTitle {
  id: string;
  brand: string;
  engine: string;
  variant: string;
  title: { en: string; el: string };
  description: { en: string; el: string };
  categories: readonly string[];
  rtp: number;
  volatility: 'low' | 'medium' | 'high';
  lines?: number | undefined;
  features: readonly string[];
  releasedAt: string;
  minBet: number;
  maxBet: number;
}

export interface FeedBrand {
  id: string;
  name: string;
}

export interface StudioFeed {
  /** The studio's id in WALLET_STUDIOS: the wallet calls and game sessions of its games carry it. */
  studio: string;
  brands: readonly FeedBrand[];
  titles: readonly FeedTitle[];
}

/** Why a title cannot be listed, or null when it can. */
function problemOf(title: FeedTitle, brands: ReadonlySet<string>): string | null {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(title.id)) return 'its id is not a lowercase slug';
  if (!brands.has(title.brand)) return `its brand ${title.brand} is not in the feed`;
  if (!title.title.en.trim() || !title.title.el.trim()) return 'it has no English or Greek title';
  if (!(title.rtp > 0 && title.rtp <= 100)) return `its RTP ${title.rtp} is not a percentage above 0`;
  if (!['low', 'medium', 'high'].includes(title.volatility))
    return `its volatility ${title.volatility} is unknown`;
  if (Number.isNaN(Date.parse(title.releasedAt))) return `its release date ${title.releasedAt} is not a date`;
  if (!(title.minBet > 0 && title.maxBet >= title.minBet)) return 'its bet limits are not 0 < min ≤ max';
  return null;
}

export interface ImportResult {
  imported: number;
  /** Titles left out, with the reason: the start goes on without them rather than failing. */
  skipped: { id: string; reason: string }[];
}

/**
 * Upserts a studio's brands and titles into the catalogue by identifier. Safe on every start: the feed's
 * descriptive columns are rewritten only when they changed, while what the casino decides — restrictions,
 * devices, demo availability, popularity — is set on first import only. A title the lobby could not
 * show correctly is skipped and reported, so one bad entry does not keep the casino from starting.
 */
export async function importStudioFeed(db: Db, feed: StudioFeed): Promise<ImportResult> {
  const brands = new Set(feed.brands.map((brand) => brand.id));
  const skipped: ImportResult['skipped'] = [];
  const seen = new Set<string>();
  const valid = feed.titles.filter((title) => {
    const problem = seen.has(title.id) ? 'its id is listed twice' : problemOf(title, brands);
    seen.add(title.id);
    if (problem) skipped.push({ id: title.id, reason: problem });
    return !problem;
  });
  if (valid.length === 0 && feed.brands.length === 0) return { imported: 0, skipped };

  const g = schema.games;
  const rows = valid.map((title, index) => ({
    identifier: `${title.brand}:${title.id}`,
    seoTitle: title.id,
    provider: title.brand,
    studio: feed.studio,
    gameCode: title.id,
    titleEn: title.title.en,
    titleEl: title.title.el,
    descriptionEn: title.description.en,
    descriptionEl: title.description.el,
    categories: [...title.categories],
    thumbnail: thumbnailPath(title.id),
    volatility: title.volatility,
    rtp: title.rtp,
    lines: title.lines ?? null,
    features: [...title.features],
    releasedAt: new Date(title.releasedAt),
    // A first rank until play decides: the feed lists its titles best first, `popular` ones ahead.
    popularity: (feed.titles.length - index) * 10 + (title.categories.includes('popular') ? 10_000 : 0),
    engine: title.engine,
    variant: title.variant,
    minBet: title.minBet,
    maxBet: title.maxBet,
  }));

  /** Columns the feed owns: refreshed when the studio changes them. */
  const fromFeed = [
    'seoTitle',
    'provider',
    'studio',
    'gameCode',
    'titleEn',
    'titleEl',
    'descriptionEn',
    'descriptionEl',
    'categories',
    'thumbnail',
    'volatility',
    'rtp',
    'lines',
    'features',
    'releasedAt',
    'engine',
    'variant',
    'minBet',
    'maxBet',
  ] as const;
  const names = fromFeed.map((key) => g[key].name);
  const set = Object.fromEntries(fromFeed.map((key) => [key, sql.raw(`excluded.${g[key].name}`)]));
  const current = sql.raw(names.map((name) => `"games"."${name}"`).join(', '));
  const incoming = sql.raw(names.map((name) => `excluded.${name}`).join(', '));

  await db.transaction(async (tx) => {
    if (feed.brands.length > 0) {
      await tx
        .insert(schema.gameProviders)
        .values(feed.brands.map((brand) => ({ slug: brand.id, name: brand.name })))
        .onConflictDoUpdate({
          target: schema.gameProviders.slug,
          set: { name: sql`excluded.name` },
          setWhere: sql`${schema.gameProviders.name} is distinct from excluded.name`,
        });
    }
    // Chunks stay under PostgreSQL's 65,535 parameters per statement.
    for (let start = 0; start < rows.length; start += 1_000) {
      await tx
        .insert(g)
        .values(rows.slice(start, start + 1_000))
        .onConflictDoUpdate({
          target: g.identifier,
          set: { ...set, updatedAt: sql`now()` },
          // Unchanged titles are not rewritten, so a restart leaves the table (and its indexes) alone.
          setWhere: sql`(${current}) is distinct from (${incoming})`,
        });
    }
  });
  return { imported: rows.length, skipped };
}
