import type { ContentItem, LeaderboardRow, Tournament, TournamentStatus } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { gamesBySeoTitle } from '../games/public.ts';
import { playerAudience, playerNames } from '../player/public.ts';
import { activeAccountCurrency } from '../wallet/public.ts';
import type { Board, Standing } from './leaderboard.ts';
import { type Entrant, maskedName, mayEnter, paidPlaces, stateOf, type TournamentRow } from './terms.ts';

const t = schema.tournaments;
const tp = schema.tournamentParticipants;

type Definition = ContentItem<'tournamentsCollection'>['data'];
type Participant = typeof tp.$inferSelect;

/** The player's country, groups and active currency (the currency they would join with). */
export async function entrantOf(db: Db, playerId: string, currency?: string): Promise<Entrant> {
  const { country, groups } = await playerAudience(db, playerId);
  let chosen = currency;
  if (!chosen) {
    chosen = (await activeAccountCurrency(db, playerId)) ?? 'EUR';
  }
  return { country, groups, currency: chosen };
}

export async function tournamentRow(db: Db, id: string): Promise<TournamentRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.id, id));
  return row;
}

/** The player's status in a tournament, from their participant row (or none) and the board's place. */
export async function statusOf(
  db: Db,
  board: Board,
  tournament: TournamentRow,
  participant: Participant | undefined,
  entrant: Entrant | null,
  now: Date,
): Promise<TournamentStatus> {
  const state = stateOf(tournament, now);
  let place: number | null = null;
  if (participant && participant.points > 0) {
    place =
      tournament.finishedAt !== null
        ? participant.place
        : await board.placeOf(db, tournament.id, participant as Standing);
  }
  return {
    tournament_id: tournament.id,
    state,
    confirmed: participant !== undefined,
    eligible:
      participant !== undefined ||
      (entrant !== null &&
        tournament.finishedAt === null &&
        state !== 'finished' &&
        mayEnter(tournament, entrant)),
    points: participant?.points ?? 0,
    place,
    prize:
      participant?.prize != null && participant.prize > 0
        ? { amount_cents: participant.prize, currency: participant.currency }
        : null,
  };
}

export async function participantOf(db: Db, tournamentId: string, playerId: string) {
  const [row] = await db
    .select()
    .from(tp)
    .where(and(eq(tp.tournamentId, tournamentId), eq(tp.playerId, playerId)));
  return row;
}

/** Masked names of players, by id. */
async function namesOf(db: Db, playerIds: string[]): Promise<Map<string, string>> {
  const names = await playerNames(db, playerIds);
  return new Map([...names].map(([id, name]) => [id, maskedName(name.email)]));
}

/**
 * A board's first `size` rows and, when the player is below them, their own row. A frozen board (the end
 * job ran) is read by its places, with the prizes paid; a running one from the board (Redis or SQL).
 */
export async function leaderboardOf(
  db: Db,
  board: Board,
  tournament: TournamentRow,
  playerId: string | null,
  size: number,
): Promise<{ rows: LeaderboardRow[]; own: LeaderboardRow | null }> {
  const prizeOf = (row: { prize: number | null; currency: string } | undefined) =>
    row?.prize ? { amount_cents: row.prize, currency: row.currency } : null;
  if (tournament.finishedAt !== null) {
    const placed = await db
      .select()
      .from(tp)
      .where(and(eq(tp.tournamentId, tournament.id), isNotNull(tp.place)))
      .orderBy(asc(tp.place))
      .limit(size);
    const mine = playerId ? await participantOf(db, tournament.id, playerId) : undefined;
    const names = await namesOf(db, [...placed.map((row) => row.playerId), ...(mine ? [mine.playerId] : [])]);
    const toRow = (row: Participant): LeaderboardRow => ({
      place: row.place ?? 0,
      player: names.get(row.playerId) ?? '***',
      points: row.points,
      me: row.playerId === playerId,
      prize: prizeOf(row),
    });
    const rows = placed.map(toRow);
    const own = mine?.place && !rows.some((row) => row.me) ? toRow(mine) : null;
    return { rows, own };
  }
  const top = await board.top(db, tournament.id, size);
  const mine = playerId ? await participantOf(db, tournament.id, playerId) : undefined;
  const names = await namesOf(db, [...top.map((row) => row.playerId), ...(mine ? [mine.playerId] : [])]);
  const rows = top.map((standing, index) => ({
    place: index + 1,
    player: names.get(standing.playerId) ?? '***',
    points: standing.points,
    me: standing.playerId === playerId,
    prize: null,
  }));
  let own: LeaderboardRow | null = null;
  if (mine && mine.points > 0 && !rows.some((row) => row.me)) {
    own = {
      place: await board.placeOf(db, tournament.id, mine),
      player: names.get(mine.playerId) ?? '***',
      points: mine.points,
      me: true,
      prize: null,
    };
  }
  return { rows, own };
}

export interface ViewDeps {
  db: Db;
  board: Board;
  content: FastifyInstance['content'];
  timeZone: string;
}

/** The content of each tournament in `locale` (English where a translation is missing), by id. */
function definitions(deps: ViewDeps, locale: Locale, now: Date): Map<string, Definition> {
  const viewer = { groups: [], abVariants: {}, now, timeZone: deps.timeZone };
  const byId = new Map<string, Definition>();
  for (const language of ['en', locale] as const) {
    for (const item of deps.content.list('tournamentsCollection', language, viewer)) {
      byId.set(item.data.frontendIdentifier, item.data);
    }
  }
  return byId;
}

/**
 * Tournaments as the pages show them, in `states`: their content in the player's language, their games
 * from the catalogue, the player's status, and the paid places of finished ones. A tournament with no
 * content is not shown (its page would have nothing to say).
 */
export async function tournamentViews(
  deps: ViewDeps,
  options: { locale: Locale; playerId: string | null; now: Date; states: readonly string[]; id?: string },
): Promise<Tournament[]> {
  const { db } = deps;
  const { locale, playerId, now } = options;
  const content = definitions(deps, locale, now);
  const rows = (
    await db
      .select()
      .from(t)
      .where(options.id ? eq(t.id, options.id) : undefined)
  ).filter((row) => content.has(row.id) && options.states.includes(stateOf(row, now)));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const slugs = [...new Set(rows.flatMap((row) => row.games))];
  const games = await gamesBySeoTitle(db, slugs);
  const gameBySlug = new Map(games.map((game) => [game.seoTitle, game]));
  const counts = new Map(
    (
      await db
        .select({ id: tp.tournamentId, n: count() })
        .from(tp)
        .where(inArray(tp.tournamentId, ids))
        .groupBy(tp.tournamentId)
    ).map((row) => [row.id, row.n]),
  );
  const mine = playerId
    ? new Map(
        (
          await db
            .select()
            .from(tp)
            .where(and(eq(tp.playerId, playerId), inArray(tp.tournamentId, ids)))
        ).map((row) => [row.tournamentId, row]),
      )
    : new Map<string, Participant>();
  const entrant = playerId ? await entrantOf(db, playerId) : null;

  const views: Tournament[] = [];
  for (const row of rows) {
    const definition = content.get(row.id) as Definition;
    const state = stateOf(row, now);
    views.push({
      id: row.id,
      frontend_identifier: row.id,
      title: definition.title,
      state,
      start_at: row.startAt.toISOString(),
      end_at: row.endAt.toISOString(),
      image: definition.image,
      games: row.games.flatMap((slug) => {
        const game = gameBySlug.get(slug);
        if (!game) return [];
        return [{ url_id: slug, title: game.title[locale], thumbnail: game.thumbnail }];
      }),
      prize_pool: definition.prizePool,
      prizes: definition.prizes,
      rules: definition.rules,
      points_rule: row.pointsRule,
      opt_in: row.optIn,
      participants: counts.get(row.id) ?? 0,
      status: playerId ? await statusOf(db, deps.board, row, mine.get(row.id), entrant, now) : null,
      winners:
        row.finishedAt !== null
          ? (await leaderboardOf(db, deps.board, row, playerId, paidPlaces(row))).rows.filter(
              (winner) => winner.prize !== null,
            )
          : [],
    });
  }
  return views.sort((a, b) => {
    const order = ['active', 'upcoming', 'finished', 'archived'];
    const byState = order.indexOf(a.state) - order.indexOf(b.state);
    if (byState !== 0) return byState;
    // Finished: the latest first; otherwise the soonest.
    return a.state === 'finished' || a.state === 'archived'
      ? b.end_at.localeCompare(a.end_at)
      : a.start_at.localeCompare(b.start_at);
  });
}
