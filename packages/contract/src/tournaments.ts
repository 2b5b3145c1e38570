import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * Tournaments (spec §2 /tournaments, §3 tournamentsCollection, §7 Tournaments):
 *
 *   GET  /tournaments               active and upcoming tournaments, with the player's status when signed in
 *   GET  /tournaments/recent        finished tournaments with their winners
 *   GET  /tournaments/statuses      the player's participation, points and place in each tournament
 *   POST /tournaments/:id/confirm   joins a tournament (`confirmed: true`)
 *   GET  /tournaments/:id           one tournament with its live leaderboard (top 50 and the player's row)
 *
 * Points are in hundredths (`points` 1250 reads 12.5 points): a €0.10 stake earns 0.1 of a point.
 */

export const tournamentStates = ['upcoming', 'active', 'finished', 'archived'] as const;
export type TournamentState = (typeof tournamentStates)[number];
const iso = z.string();

export const tournamentStatus = z
  .object({
    tournament_id: z.string(),
    state: z.enum(tournamentStates),
    /** The player joined (opted in, or scored in a tournament that needs no opt-in). */
    confirmed: z.boolean(),
    /** The player may join: group, country and currency allowed, the tournament not finished. */
    eligible: z.boolean(),
    points: z.number().int(),
    /** Place on the board; null before the first point. */
    place: z.number().int().nullable(),
    /** The prize won (finished tournaments), in the currency the player joined with. */
    prize: z.object({ amount_cents: z.number().int(), currency: z.string() }).nullable(),
  })
  .meta({ id: 'TournamentStatus' });
export type TournamentStatus = z.infer<typeof tournamentStatus>;

export const tournamentGame = z
  .object({ url_id: z.string(), title: z.string(), thumbnail: z.string() })
  .meta({ id: 'TournamentGame' });

export const leaderboardRow = z
  .object({
    place: z.number().int(),
    /** A masked name: enough to tell rows apart, nothing that identifies. */
    player: z.string(),
    points: z.number().int(),
    /** This row is the signed-in player's. */
    me: z.boolean(),
    prize: z.object({ amount_cents: z.number().int(), currency: z.string() }).nullable(),
  })
  .meta({ id: 'LeaderboardRow' });
export type LeaderboardRow = z.infer<typeof leaderboardRow>;

export const tournament = z
  .object({
    id: z.string(),
    frontend_identifier: z.string(),
    title: z.string(),
    state: z.enum(tournamentStates),
    start_at: iso,
    end_at: iso,
    image: z.string(),
    games: z.array(tournamentGame),
    prize_pool: z.string(),
    prizes: z.array(z.object({ place: z.string(), prize: z.string() })),
    rules: z.array(z.string()),
    points_rule: z.enum(['stake', 'multiplier', 'net_win']),
    opt_in: z.boolean(),
    participants: z.number().int(),
    /** The signed-in player's status; null for a visitor. */
    status: tournamentStatus.nullable(),
    /** Finished tournaments: the paid places. */
    winners: z.array(leaderboardRow),
  })
  .meta({ id: 'Tournament' });
export type Tournament = z.infer<typeof tournament>;

export const tournamentDetail = z
  .object({
    tournament,
    /** The top 50 of the board. */
    leaderboard: z.array(leaderboardRow),
    /** The player's own row when it is not among the top 50 (null otherwise, or for a visitor). */
    own: leaderboardRow.nullable(),
  })
  .meta({ id: 'TournamentDetail' });
export type TournamentDetail = z.infer<typeof tournamentDetail>;

const tags = ['tournaments'];

export const tournamentsApi = {
  list: endpoint({
    method: 'GET',
    path: '/tournaments',
    tags,
    summary: "Active and upcoming tournaments, with the signed-in player's status in each",
    responses: { 200: z.array(tournament) },
  }),
  recent: endpoint({
    method: 'GET',
    path: '/tournaments/recent',
    tags,
    summary: 'Finished tournaments, newest first, with their winners',
    responses: { 200: z.array(tournament) },
  }),
  statuses: endpoint({
    method: 'GET',
    path: '/tournaments/statuses',
    tags,
    summary: "The player's participation, points and place in each tournament",
    responses: { 200: z.array(tournamentStatus), 401: errorBody },
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/tournaments/:id/confirm',
    params: z.object({
      id: z
        .string()
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        .max(100),
    }),
    body: z.object({ confirmed: z.literal(true) }),
    tags,
    summary: 'Joins a tournament: bets on its games count from now on',
    responses: { 200: tournamentStatus, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/tournaments/:id',
    params: z.object({
      id: z
        .string()
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        .max(100),
    }),
    tags,
    summary: 'One tournament with its leaderboard: the top 50 and the player’s own row',
    responses: { 200: tournamentDetail, 404: errorBody },
  }),
};
