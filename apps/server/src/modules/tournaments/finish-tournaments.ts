import { type Db, schema } from '@chrysos/db';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { scorePlay } from './handlers/score-play.ts';
import type { Board } from './leaderboard.ts';
import { paidPlaces, prizeOf } from './terms.ts';

const t = schema.tournaments;
const tp = schema.tournamentParticipants;

export interface FinishDeps {
  db: Db;
  wallet: Wallet;
  events: Pick<EventBus, 'publish' | 'caughtUp'>;
  board: Board;
}

/**
 * The end job (every minute, once across instances): every tournament whose end has come (by the product
 * clock) is finished in one transaction each: its board frozen into places (points, then who reached the
 * score first), each paid place's prize booked as real money with no wagering from the tournament pool
 * (one ledger key per tournament and player), and `tournaments.finished` published for the winners'
 * notifications. A re-run finds it finished and pays nothing again; a run that fails leaves it whole for
 * the next minute, well within the 24 hours the rules promise.
 */
export async function finishTournaments(deps: FinishDeps, now: Date): Promise<string[]> {
  const due = await deps.db
    .select({ id: t.id })
    .from(t)
    .where(and(isNull(t.finishedAt), lte(t.endAt, now)));
  const finished: string[] = [];
  if (due.length === 0) return finished;
  // Up to 10 s for the points handler to score every bet booked so far: one placed just before the end
  // is scored before the board is frozen.
  await deps.events.caughtUp(scorePlay.name, 'ledger');
  for (const { id } of due) {
    if (await finishTournament(deps, id, now)) finished.push(id);
  }
  return finished;
}

async function finishTournament(deps: FinishDeps, id: string, now: Date): Promise<boolean> {
  const done = await deps.db.transaction(async (tx) => {
    // The points handler takes a share lock on the row before it scores: from here the board is frozen.
    const [tournament] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, id), isNull(t.finishedAt)))
      .for('update');
    if (!tournament) return false;
    await tx.execute(sql`
      update tournament_participants p set place = ranked.place
      from (
        select player_id, row_number() over (order by points desc, reached asc) as place
        from tournament_participants where tournament_id = ${id} and points > 0
      ) ranked
      where p.tournament_id = ${id} and p.player_id = ranked.player_id`);
    const placed = await tx
      .select()
      .from(tp)
      .where(and(eq(tp.tournamentId, id), lte(tp.place, paidPlaces(tournament))))
      .orderBy(asc(tp.place));
    const wallet = deps.wallet.using(tx);
    // The placed players' ledger locks before any prize is booked, all at once in sorted order (issue 31
    // item 22), not place by place against groups of wallet calls that take them sorted.
    await wallet.ledger.lockPlayers(placed);
    const winners: { playerId: string; place: number }[] = [];
    for (const row of placed) {
      const place = row.place ?? 0;
      const amount = prizeOf(tournament, place, row.currency);
      if (amount <= 0) continue;
      await tx
        .update(tp)
        .set({ prize: amount })
        .where(and(eq(tp.tournamentId, id), eq(tp.playerId, row.playerId)));
      const key = `tournament:prize:${id}:${row.playerId}`;
      const booking = await wallet.ledger.book({
        key,
        kind: 'prize_payout',
        playerId: row.playerId,
        currency: row.currency,
        amount,
        reference: id,
        fingerprint: {
          kind: 'prize_payout',
          player: row.playerId,
          currency: row.currency,
          amount,
          reference: id,
        },
        legs: [
          {
            account: await wallet.ledger.playerAccount(row.playerId, row.currency, 'real'),
            amount,
            tracked: true,
          },
          {
            account: await wallet.ledger.systemAccount('tournament_pool', row.currency),
            amount: -amount,
            tracked: false,
          },
        ],
      });
      if (booking.status === 'conflict')
        throw new Error(`tournament prize ${key} conflicts with a ${booking.kind}`);
      winners.push({ playerId: row.playerId, place });
    }
    await tx.update(t).set({ finishedAt: now }).where(eq(t.id, id));
    await deps.events.publish(tx, 'tournaments.finished', { tournamentId: id, winners });
    return true;
  });
  // A frozen board is read from its places; the Redis one is no longer needed.
  if (done) await deps.board.drop(id).catch(() => {});
  return done;
}
