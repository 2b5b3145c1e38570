import { schema } from '@chrysos/db';
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import { defineHandler, type EventHandler, type HandlerContext } from '../../../platform/events.ts';
import { transactionByKey } from '../../wallet/public.ts';
import { runningStages } from '../activate-bonus.ts';
import { betsOpen, moneyLeftOfBonusRow } from '../bonus-money.ts';
import { endBonus } from '../end-bonus.ts';
import { followFreeSpins } from '../follow-free-spins.ts';
import { followWagering } from '../follow-wagering.ts';
import { type PlayEvent, playFollowing } from '../play-following.ts';
import { sweepBonusMoney } from '../sweep-bonus-money.ts';

const b = schema.playerBonuses;

/**
 * Follows play from the wallet's events (never inside the bet's booking, which only refuses a stake above
 * the running bonus's maximum): wagering progress of the running bonus, weighted by the game's
 * contribution, counted for the bets booked after its activation and taken back when a bet is rolled
 * back (follow-wagering.ts); the bonus's stage from there (handle_bets while bets are open once wagering
 * is met, wagered when they are settled, lost when its money is spent); free spins played and what they
 * won (follow-free-spins.ts). Each event is handled once, in the handler's transaction, so progress counts
 * exactly once under retries.
 */
export const followPlay = defineHandler({
  name: 'bonuses.play',
  follows: ['wallet.bet_booked', 'wallet.win_booked', 'wallet.rollback_booked'],
  handle: (app) => {
    const following = playFollowing(app);
    const { stakes, settled, takeBack } = followWagering(following);
    const followFreeSpin = followFreeSpins(following);

    /**
     * The running bonus of the event's player and currency, locked, or none; with the money it has left,
     * read in the same statement (a win settling a lost round needs it, and it is the most frequent event).
     * The player's ledger lock comes first, as in every path that locks a bonus row and books (issue 31
     * item 22): ending the bonus books under it.
     */
    const runningBonus = async (context: HandlerContext, p: PlayEvent['payload']) => {
      await following.lockPlayersInPlay(context, [`${p.playerId}:${p.currency}`]);
      const [row] = await context.db
        .select({ bonus: getTableColumns(b), moneyLeft: moneyLeftOfBonusRow })
        .from(b)
        .where(
          and(eq(b.playerId, p.playerId), eq(b.currency, p.currency), inArray(b.stage, [...runningStages])),
        )
        .for('update');
      return row && { bonus: row.bonus, moneyLeft: Number(row.moneyLeft) };
    };

    const handlePlay: EventHandler<PlayEvent['name']> = async (event, context) => {
      const tx = context.db;
      const p = event.payload;
      const now = app.clock.now();

      // The hot path, no statement of its own: a paid bet's stake counts with the batch's other stakes, and
      // a plain win's settled round is checked with the batch's others.
      if (event.name === 'wallet.bet_booked' && !event.payload.free) {
        stakes(context, { event, game: await following.gameOf(tx, p.gameCode) });
        return;
      }
      if (event.name === 'wallet.win_booked' && p.amount > 0 && p.bonus === 0) {
        settled(context, event);
        return;
      }
      // Anything else reads the bonus as the events before it left it.
      await stakes.flush(context);
      await settled.flush(context);
      if (event.name === 'wallet.bet_booked') {
        await followFreeSpin(context, event);
        return;
      }

      // A win or rollback answers a bet: a free spin's (stake 0) or a paid one. Only a win paying bonus
      // money or nothing (a lost round) can be a free spin's, and only a rollback takes wagering back.
      let bet: { id: number; amount: number; gameCode: string | null } | undefined;
      if (event.name === 'wallet.rollback_booked' || p.amount === 0 || p.bonus > 0) {
        bet = await transactionByKey(tx, event.payload.betKey);
        if (bet?.amount === 0) {
          if (event.name === 'wallet.win_booked') await followFreeSpin(context, event);
          return;
        }
      }

      const running = await runningBonus(context, p);
      if (!running) {
        // Bonus money paid by a win or given back by a rollback after its bonus ended (a round staked with
        // it, settled later) has no bonus to belong to.
        if (p.bonus > 0) await sweepBonusMoney(following.deps.wallet, tx, event);
        return;
      }
      const { bonus, moneyLeft } = running;
      if (
        event.name === 'wallet.rollback_booked' &&
        bet &&
        bet.id > (bonus.activationTransaction ?? Number.MAX_SAFE_INTEGER)
      ) {
        await takeBack(context, event.id, bonus, bet);
        return;
      }
      // A settled round: the bonus waiting for it may convert; a lost one may have spent the bonus money.
      if (bonus.stage === 'handle_bets') {
        if (bonus.wageringDone >= bonus.wageringRequired && !(await betsOpen(tx, bonus))) {
          await endBonus(tx, following.deps, bonus, 'wagered', now);
        }
        return;
      }
      if (p.amount === 0 && moneyLeft <= 0 && !(await betsOpen(tx, bonus))) {
        await endBonus(tx, following.deps, bonus, 'lost', now);
      }
    };
    return handlePlay;
  },
});
