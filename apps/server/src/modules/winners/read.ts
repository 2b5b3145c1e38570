import type { Winner } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { desc, gte, sql } from 'drizzle-orm';
import { gameLinkSql } from '../games/public.ts';

const w = schema.winners;

/** The game of a win as the lobby names it (its title in the language, its /game/{urlId}). */
const gameOf = (language: Locale) => gameLinkSql(sql`winners.game_code`, language);

const columns = (language: Locale) => ({
  name: w.name,
  amount_cents: w.amountCents,
  currency: w.currency,
  game: gameOf(language),
  jackpot: w.jackpot,
  wonAt: w.wonAt,
});

const shown = (rows: { wonAt: Date; jackpot: string | null }[]) =>
  rows.map(({ wonAt, ...row }) => ({ ...row, won_at: new Date(wonAt).toISOString() }) as Winner);

/** The latest wins, newest first (spec §7 GET /stats/winners/latest). */
export async function latestWinners(db: Db, language: Locale, limit = 10): Promise<Winner[]> {
  const rows = await db
    .select(columns(language))
    .from(w)
    .orderBy(desc(w.wonAt), desc(w.transactionId))
    .limit(limit);
  return shown(rows);
}

/** The biggest wins of the 30 days before `now`, by euro value (spec §7 GET /stats/winners/top). */
export async function topWinners(db: Db, language: Locale, now: Date, limit = 10): Promise<Winner[]> {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const rows = await db
    .select(columns(language))
    .from(w)
    .where(gte(w.wonAt, since))
    .orderBy(desc(w.euroCents), desc(w.wonAt))
    .limit(limit);
  return shown(rows);
}
