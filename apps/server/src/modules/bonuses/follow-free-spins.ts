import { schema } from '@chrysos/db';
import { and, asc, eq } from 'drizzle-orm';
import type { HandlerContext } from '../../platform/events.ts';
import { finishFreespins } from './finish-freespins.ts';
import type { PlayEvent, PlayFollowing } from './play-following.ts';
import { listFreespins } from './read.ts';
import { sweepBonusMoney } from './sweep-bonus-money.ts';

const f = schema.playerFreespins;

/**
 * Free spins as `bonuses.play` follows them: a free spin's bet counts one spin played, its win adds to
 * what the spins won; the last spin's win finishes them, any other is pushed as progress.
 */
export function followFreeSpins({ app, deps, lockPlayersInPlay, languageOf }: PlayFollowing) {
  return async function followFreeSpin(context: HandlerContext, event: PlayEvent): Promise<void> {
    const tx = context.db;
    const p = event.payload;
    // The player's ledger lock before the spins' row (issue 31 item 22): finishing them books.
    await lockPlayersInPlay(context, [`${p.playerId}:${p.currency}`]);
    const [spins] = await tx
      .select()
      .from(f)
      .where(
        and(
          eq(f.playerId, p.playerId),
          eq(f.currency, p.currency),
          eq(f.gameCode, p.gameCode ?? ''),
          eq(f.stage, 'activated'),
        ),
      )
      .orderBy(asc(f.activatedAt))
      .limit(1)
      .for('update');
    // A free bet no grant of ours stands behind (one booked before the wallet refused such bets, or the
    // grant ended between bet and win): its win is bonus money of no bonus.
    if (!spins) {
      if (event.name === 'wallet.win_booked' && p.bonus > 0) await sweepBonusMoney(deps.wallet, tx, event);
      return;
    }
    const won = event.name === 'wallet.win_booked' ? p.amount : 0;
    const played = event.name === 'wallet.bet_booked' ? spins.played + 1 : spins.played;
    const [updated] = await tx
      .update(f)
      .set({ played: Math.min(played, spins.count), win: spins.win + won })
      .where(eq(f.id, spins.id))
      .returning();
    if (!updated) return;
    // The last spin's round is over once its win (0 for a lost one) is booked.
    if (event.name === 'wallet.win_booked' && updated.played >= updated.count) {
      await finishFreespins(tx, deps, updated, 'played', app.clock.now());
      return;
    }
    const [view] = await listFreespins(
      tx,
      p.playerId,
      await languageOf(tx, p.playerId),
      app.clock.now(),
      spins.id,
    );
    if (view)
      await app.realtime.publishToPlayer(
        context,
        'freespins_changes',
        p.playerId,
        view,
        `${event.id}:freespins`,
      );
  };
}
