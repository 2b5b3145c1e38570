import { type Db, schema } from '@chrysos/db';
import { isNull, sql } from 'drizzle-orm';
import { equivalents } from '../info/public.ts';

type TournamentRow = typeof schema.tournaments.$inferInsert;

/** What the rules on the tournament pages promise (content/{en,el}/tournamentsCollection "prizes"). */
const prizeShares: schema.TournamentPrizeShare[] = [
  { from: 1, to: 1, percent: 30 },
  { from: 2, to: 2, percent: 15 },
  { from: 3, to: 3, percent: 10 },
  { from: 4, to: 50, percent: 45 },
];

/**
 * The scoring terms of the seeded tournaments, which the content does not carry: every €1 of real-money
 * stake on a tournament game is a point ("Every €1 bet with real money on a tournament game earns 1
 * point"), from €0.10, open to every player who joins. Pools are the pages' euro amounts and their
 * equivalents in the other offered currencies (a player is paid in the currency they joined with).
 */
const seeded: Record<string, { pool: number; minBet: number; optIn: boolean }> = {
  'autumn-spin-cup': { pool: 5_000_00, minBet: 10, optIn: true },
  'winter-reels-race': { pool: 10_000_00, minBet: 10, optIn: true },
  'new-year-high-roller': { pool: 25_000_00, minBet: 100, optIn: true },
};

/**
 * The seeded tournaments with the windows their content writes (`startAt`/`endAt`, issue 31 item 17):
 * the dates shown and scored are the content's, whenever the server starts. A row already there (a
 * demo started before, or terms an operator changed) keeps its terms; its window follows the content
 * until the tournament is finished, after which its board and prizes belong to the window they were
 * scored in.
 */
export async function seedTournaments(
  db: Db,
  definitions: readonly { frontendIdentifier: string; startAt: string; endAt: string; games: string[] }[],
  currencies: readonly { code: string; subunits: number }[],
): Promise<void> {
  const rows: TournamentRow[] = [];
  for (const definition of definitions) {
    const terms = seeded[definition.frontendIdentifier];
    if (!terms) continue;
    rows.push({
      id: definition.frontendIdentifier,
      startAt: new Date(definition.startAt),
      endAt: new Date(definition.endAt),
      pointsRule: 'stake',
      games: definition.games,
      minBet: equivalents(terms.minBet, currencies),
      optIn: terms.optIn,
      groups: null,
      countries: null,
      prizePool: equivalents(terms.pool, currencies),
      prizeShares,
    });
  }
  if (rows.length === 0) return;
  await db
    .insert(schema.tournaments)
    .values(rows)
    .onConflictDoUpdate({
      target: schema.tournaments.id,
      set: { startAt: sql`excluded.start_at`, endAt: sql`excluded.end_at` },
      setWhere: isNull(schema.tournaments.finishedAt),
    });
}
