import { type Db, schema } from '@chrysos/db';
import { equivalents } from '../bonuses/public.ts';

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

const day = 24 * 60 * 60 * 1000;

/**
 * The seeded tournaments in the order of their content (stem order), placed around `now` so that the
 * demo shows one of each state whenever it starts on a fresh database: the first ended yesterday, the
 * second ends in a week (within a sign-in session's 30 days, so a test clock can pass its end with the
 * player still signed in), the third starts in a week. Each keeps its length from the content.
 * Rows already there (a demo that was started before, or terms an operator changed) are kept.
 */
export async function seedTournaments(
  db: Db,
  definitions: readonly { frontendIdentifier: string; startAt: string; endAt: string; games: string[] }[],
  currencies: readonly { code: string; subunits: number }[],
  now: Date,
): Promise<void> {
  const rows: TournamentRow[] = [];
  definitions.forEach((definition, index) => {
    const terms = seeded[definition.frontendIdentifier];
    if (!terms) return;
    const length = Date.parse(definition.endAt) - Date.parse(definition.startAt);
    const startAt =
      index === 0
        ? new Date(now.getTime() - day - length)
        : index === 1
          ? new Date(Math.min(now.getTime() - day, now.getTime() + 7 * day - length))
          : new Date(now.getTime() + 7 * day);
    rows.push({
      id: definition.frontendIdentifier,
      startAt,
      endAt: new Date(startAt.getTime() + length),
      pointsRule: 'stake',
      games: definition.games,
      minBet: equivalents(terms.minBet, currencies),
      optIn: terms.optIn,
      groups: null,
      countries: null,
      prizePool: equivalents(terms.pool, currencies),
      prizeShares,
    });
  });
  if (rows.length === 0) return;
  await db.insert(schema.tournaments).values(rows).onConflictDoNothing({ target: schema.tournaments.id });
}
