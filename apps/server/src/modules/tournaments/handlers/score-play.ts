import { type Db, schema } from '@chrysos/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type DomainEvent,
  defineHandler,
  type EventHandler,
  type HandlerContext,
  perBatch,
} from '../../../platform/events.ts';
import { transactionByKey } from '../../wallet/public.ts';
import type { Board } from '../leaderboard.ts';
import { entrantOf } from '../read.ts';
import { publishStatus, publishTop } from '../status-pushes.ts';
import { euroCents, mayEnter, type TournamentRow } from '../terms.ts';

type PlayEvent = DomainEvent<'wallet.bet_booked' | 'wallet.win_booked' | 'wallet.rollback_booked'>;

/** A bet or win that scores `scored` points in `tournament`, at its product time `at`, if its player joined. */
interface Scoring {
  tournament: TournamentRow;
  event: PlayEvent;
  scored: number;
  at: Date;
}

const t = schema.tournaments;
const tp = schema.tournamentParticipants;
const points = schema.tournamentPoints;

/** How long the scoring handler keeps its list of open tournaments before reading it again. */
export const openTournamentsKeptMs = 2_000;

/**
 * Tournament points from the wallet's events (decision 13: counted from events within a second, never
 * in the booking). Only real money counts (a bet's real-money part; a win of a round staked with bonus
 * money scores nothing), on a qualifying game, at or above the minimum bet, inside the window, by a
 * player who joined before the bet. Each scoring movement is a row of tournament_points written in the
 * handler's transaction, so it counts once under retries and replays; a rollback of its bet takes it
 * back. The board (Redis) and the pushes follow once per batch.
 */
export const scorePlay = defineHandler({
  name: 'tournaments.score',
  follows: ['wallet.bet_booked', 'wallet.win_booked', 'wallet.rollback_booked'],
  handle: ({ app, board }: { app: FastifyInstance; board: Board }) => {
    const seoTitleOf = async (db: Db, code: string | null): Promise<string | null> =>
      (await app.gameFacts.of(db, code))?.seoTitle ?? null;

    // The tournaments not yet finished, read again every two seconds of the product clock: terms seldom
    // change, and the end job locks a tournament (the handler takes a share lock before it scores), so a
    // stale list scores nothing in a frozen board.
    let open: { until: number; rows: TournamentRow[] } = { until: 0, rows: [] };
    const openTournaments = async (db: Db): Promise<TournamentRow[]> => {
      const now = app.clock.now().getTime();
      if (open.until > now) return open.rows;
      const rows = await db.select().from(t).where(isNull(t.finishedAt));
      open = { until: now + openTournamentsKeptMs, rows };
      return rows;
    };

    // Per batch: the newest ledger id that changed a player's standing, the version of its board write.
    const versions = new Map<string, number>();
    const changed = (context: HandlerContext, tournamentId: string, playerId: string, version: number) => {
      const key = `${tournamentId}:${playerId}`;
      versions.set(key, Math.max(version, versions.get(key) ?? 0));
      context.beforeCommit(`tournaments.standing:${key}`, async () => {
        const [row] = await context.db
          .select({ playerId: tp.playerId, points: tp.points, reached: tp.reached })
          .from(tp)
          .where(and(eq(tp.tournamentId, tournamentId), eq(tp.playerId, playerId)));
        const at = versions.get(key) ?? version;
        versions.delete(key);
        if (!row) return;
        context.afterCommit(() =>
          board.apply(tournamentId, [row], at).catch((error: unknown) => {
            app.log.warn(
              { err: error, tournamentId },
              'tournament board write failed; rebuilt at next start',
            );
          }),
        );
        await publishStatus(app, context, tournamentId, playerId, `${at}`);
      });
      context.beforeCommit(`tournaments.top:${tournamentId}`, () =>
        publishTop(app, context, tournamentId, `${version}`),
      );
    };

    // Most bets on an opt-in tournament's games are by players who have not joined it: which of a batch's
    // players have is read once, at its end, and only their bets are scored, in order. A player joining
    // while this runs is not seen here, as score's locked read would not see them either (a row not yet
    // committed takes no lock).
    const optInScores = perBatch<Scoring>('tournaments.opt-in-scores', async (context, scorings) => {
      const joined = await context.db
        .select({ tournamentId: tp.tournamentId, playerId: tp.playerId })
        .from(tp)
        .where(
          and(
            inArray(tp.tournamentId, [...new Set(scorings.map(({ tournament }) => tournament.id))]),
            inArray(tp.playerId, [...new Set(scorings.map(({ event }) => event.payload.playerId))]),
          ),
        );
      const pairs = new Set(joined.map((row) => `${row.tournamentId}:${row.playerId}`));
      for (const { tournament, event, scored, at } of scorings) {
        if (!pairs.has(`${tournament.id}:${event.payload.playerId}`)) continue;
        await score(context, tournament, event, scored, at);
      }
    });

    const handlePlay: EventHandler<PlayEvent['name']> = async (event, context) => {
      if (event.name === 'wallet.rollback_booked') {
        // The bets gathered before it are scored first, so it takes back what its bet scored.
        await optInScores.flush(context);
        await takeBack(context, event);
        return;
      }
      const p = event.payload;
      // Free spins, a lost round's zero win and stakes of bonus money alone score nothing.
      if (p.amount === 0 || p.real === 0) return;
      const tx = context.db;
      const seoTitle = await seoTitleOf(tx, p.gameCode);
      if (!seoTitle) return;
      const rule = event.name === 'wallet.bet_booked' ? 'stake' : 'win';
      const candidates = (await openTournaments(tx)).filter(
        (tournament) =>
          tournament.games.includes(seoTitle) && (tournament.pointsRule === 'stake') === (rule === 'stake'),
      );
      if (candidates.length === 0) return;

      // A win scores for the round it closes: its bet's stake and time.
      let stake = p.amount;
      let bookedAt = event.occurredAt;
      if (event.name === 'wallet.win_booked') {
        // Paid partly in bonus money: the round was staked partly with it.
        if (p.bonus > 0) return;
        const bet = await transactionByKey(tx, event.payload.betKey);
        if (!bet || bet.amount === 0) return;
        stake = bet.amount;
        bookedAt = bet.createdAt;
      }
      const at = app.clock.fromSystem(bookedAt); // the booking's database time as product time

      for (const tournament of candidates) {
        if (at < tournament.startAt || at >= tournament.endAt) continue;
        if (stake < (tournament.minBet[p.currency] ?? 1)) continue;
        const scored =
          tournament.pointsRule === 'stake'
            ? euroCents(tournament, p.real, p.currency)
            : tournament.pointsRule === 'multiplier'
              ? Math.floor((p.amount * 100) / stake)
              : euroCents(tournament, Math.max(0, p.amount - stake), p.currency);
        if (scored <= 0) continue;
        if (tournament.optIn) optInScores(context, { tournament, event, scored, at });
        else await score(context, tournament, event, scored, at);
      }
    };

    async function score(
      context: HandlerContext,
      tournament: TournamentRow,
      event: PlayEvent,
      scored: number,
      at: Date,
    ): Promise<void> {
      const tx = context.db;
      const p = event.payload;
      // The end job holds this row while it freezes the board: a share lock waits for it, then sees it ended.
      const [live] = await tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.id, tournament.id), isNull(t.finishedAt)))
        .for('share');
      if (!live) return;
      const [participant] = await tx
        .select()
        .from(tp)
        .where(and(eq(tp.tournamentId, tournament.id), eq(tp.playerId, p.playerId)))
        .for('update');
      if (!participant) {
        // Without opt-in a first qualifying bet joins the player, if the tournament is open to them.
        if (tournament.optIn) return;
        if (!mayEnter(tournament, await entrantOf(tx, p.playerId, p.currency))) return;
        await tx
          .insert(tp)
          .values({
            tournamentId: tournament.id,
            playerId: p.playerId,
            currency: p.currency,
            confirmedAt: at,
          })
          .onConflictDoNothing();
      } else if (participant.currency !== p.currency || participant.confirmedAt > at) {
        return;
      }
      const betKey = event.name === 'wallet.bet_booked' ? p.key : (p as { betKey: string }).betKey;
      const inserted = await tx
        .insert(points)
        .values({
          tournamentId: tournament.id,
          transactionId: p.transactionId,
          betKey,
          playerId: p.playerId,
          points: scored,
        })
        .onConflictDoNothing()
        .returning({ points: points.points });
      if (inserted.length === 0) return;
      await tx
        .update(tp)
        .set({
          points: sql`${tp.points} + ${scored}`,
          reached: sql`greatest(${tp.reached}, ${p.transactionId})`,
        })
        .where(and(eq(tp.tournamentId, tournament.id), eq(tp.playerId, p.playerId)));
      changed(context, tournament.id, p.playerId, p.transactionId);
    }

    /** A rolled-back bet's points leave the boards not yet frozen; the score is reached where it was before. */
    async function takeBack(context: HandlerContext, event: DomainEvent<'wallet.rollback_booked'>) {
      const tx = context.db;
      const p = event.payload;
      const scoredBy = await tx
        .select({ tournamentId: points.tournamentId })
        .from(points)
        .where(and(eq(points.betKey, p.betKey), eq(points.rolledBack, false)));
      if (scoredBy.length === 0) return;
      const live = await tx
        .select({ id: t.id })
        .from(t)
        .where(
          and(
            inArray(
              t.id,
              scoredBy.map((row) => row.tournamentId),
            ),
            isNull(t.finishedAt),
          ),
        )
        .for('share');
      if (live.length === 0) return;
      const taken = await tx
        .update(points)
        .set({ rolledBack: true })
        .where(
          and(
            eq(points.betKey, p.betKey),
            eq(points.rolledBack, false),
            inArray(
              points.tournamentId,
              live.map((row) => row.id),
            ),
          ),
        )
        .returning({ tournamentId: points.tournamentId, playerId: points.playerId, points: points.points });
      for (const row of taken) {
        await tx
          .update(tp)
          .set({
            points: sql`${tp.points} - ${row.points}`,
            reached: sql`coalesce((select max(${points.transactionId}) from ${points}
            where ${points.tournamentId} = ${row.tournamentId} and ${points.playerId} = ${row.playerId}
              and not ${points.rolledBack}), 0)`,
          })
          .where(and(eq(tp.tournamentId, row.tournamentId), eq(tp.playerId, row.playerId)));
        changed(context, row.tournamentId, row.playerId, p.transactionId);
      }
    }
    return handlePlay;
  },
});
