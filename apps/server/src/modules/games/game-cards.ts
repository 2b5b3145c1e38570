import { type Db, schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { asc, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** What other modules show or check of a catalogue game. */
export interface GameCard {
  identifier: string;
  gameCode: string;
  seoTitle: string;
  provider: string;
  studio: string;
  title: { en: string; el: string };
  thumbnail: string;
}

const g = schema.games;
const columns = {
  identifier: g.identifier,
  gameCode: g.gameCode,
  seoTitle: g.seoTitle,
  provider: g.provider,
  studio: g.studio,
  titleEn: g.titleEn,
  titleEl: g.titleEl,
  thumbnail: g.thumbnail,
};

async function cardsWhere(db: Db, where: SQL | undefined): Promise<GameCard[]> {
  const rows = await db.select(columns).from(g).where(where).orderBy(asc(g.id));
  return rows.map(({ titleEn, titleEl, ...card }) => ({ ...card, title: { en: titleEn, el: titleEl } }));
}

/** The catalogue's games with these identifiers (`provider:game`); unknown ones are left out. */
export function gamesByIdentifier(db: Db, identifiers: readonly string[]): Promise<GameCard[]> {
  if (identifiers.length === 0) return Promise.resolve([]);
  return cardsWhere(db, inArray(g.identifier, [...new Set(identifiers)]));
}

/** The catalogue's games with these page slugs (seo titles). */
export function gamesBySeoTitle(db: Db, seoTitles: readonly string[]): Promise<GameCard[]> {
  if (seoTitles.length === 0) return Promise.resolve([]);
  return cardsWhere(db, inArray(g.seoTitle, [...new Set(seoTitles)]));
}

/** Each of these wallet codes' game title in `locale` (the first game booked under a code names it). */
export async function gameTitlesByCode(
  db: Db,
  codes: readonly string[],
  locale: Locale,
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  if (codes.length === 0) return titles;
  for (const game of await cardsWhere(db, inArray(g.gameCode, [...new Set(codes)])))
    if (!titles.has(game.gameCode)) titles.set(game.gameCode, game.title[locale]);
  return titles;
}

/**
 * A game's title in `language` and page slug as JSON ({ title, url_id }), or null, as a sub-select on the
 * caller's wallet game code column: for a listing that must stay one round trip. Pass the column
 * qualified (sql`winners.game_code`): drizzle writes a column of the selected table unqualified, which
 * inside this sub-select would name the game's own column.
 */
export function gameLinkSql(
  gameCode: SQLWrapper,
  language: Locale,
): SQL<{ title: string; url_id: string } | null> {
  return sql<{ title: string; url_id: string } | null>`(
    select json_build_object('title', ${language === 'el' ? sql`g.title_el` : sql`g.title_en`}, 'url_id', g.seo_title)
    from ${g} g where g.game_code = ${gameCode} order by g.id limit 1)`;
}
