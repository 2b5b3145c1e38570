import { schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { type HandlerContext, perBatch } from '../../platform/events.ts';
import { runningStages } from './activate-bonus.ts';
import { betsOpen } from './bonus-money.ts';
import { endBonus } from './end-bonus.ts';
import type { Game, PlayEvent, PlayFollowing } from './play-following.ts';
import { bonusesById } from './read.ts';

const b = schema.playerBonuses;
type BonusRow = typeof b.$inferSelect;

/** What a stake adds to (or a rollback takes from) wagering: its amount times the game's weight, in SQL. */
const weighted = (amount: SQL, game: { identifier: SQL; categories: SQL }, contributions: SQL) =>
  sql`floor(${amount}::numeric * coalesce(
      (${contributions}->'games'->>${game.identifier})::int,
      (select min(weight.value::int) from jsonb_each_text(${contributions}->'categories') as weight
        where weight.key = any(string_to_array(${game.categories}, ','))),
      (${contributions}->>'other')::int
    ) / 100)`;
const weightedOf = (amount: number, game: Game) =>
  weighted(
    sql`${amount}`,
    { identifier: sql`${game.identifier}`, categories: sql`${game.categories.join(',')}` },
    sql`${b.contributions}`,
  );

/**
 * Wagering progress of the running bonus as `bonuses.play` follows it: stakes counted by batch, rounds
 * settled by plain wins checked by batch, stakes taken back by rollbacks, and the stage each leads to
 * (handle_bets, wagered) or else a progress push.
 */
export function followWagering(following: PlayFollowing) {
  const { app, deps, lockPlayersInPlay, languageOf } = following;

  /**
   * The progress push of a bonus, once per batch of events however many of its bets the batch counted:
   * the bonus as the list shows it when the batch ends (stage changes are pushed by publish-bonus.ts). The
   * bonuses of one batch are read and stored together: five statements a batch, not four a bonus.
   */
  const progressed = perBatch<{ bonusId: string; playerId: string; eventId: string }>(
    'bonus-progress',
    async (context, moves) => {
      // The first event that moved each bonus names its push.
      const pending = new Map<string, { playerId: string; eventId: string }>();
      for (const { bonusId, ...move } of moves) if (!pending.has(bonusId)) pending.set(bonusId, move);
      const languages = new Map<string, Locale>();
      for (const { playerId } of pending.values())
        if (!languages.has(playerId)) languages.set(playerId, await languageOf(context.db, playerId));
      const views = await bonusesById(
        context.db,
        [...pending.keys()],
        (playerId) => languages.get(playerId) ?? 'en',
      );
      await app.realtime.publishManyToPlayers(
        context,
        'bonuses_changes',
        views.map(({ playerId, bonus }) => ({
          playerId,
          data: bonus,
          key: `${pending.get(bonus.id)?.eventId}:bonus`,
        })),
      );
    },
  );

  /** After wagering moved (`eventId`: the first event that moved it): the stage that follows, or a progress push. */
  async function afterProgress(context: HandlerContext, eventId: string, bonus: BonusRow) {
    const tx = context.db;
    const now = app.clock.now();
    if (bonus.wageringDone >= bonus.wageringRequired) {
      if (!(await betsOpen(tx, bonus))) {
        await endBonus(tx, deps, bonus, 'wagered', now);
        return;
      }
      if (bonus.stage === 'activated') {
        await moveStage(context, bonus, 'handle_bets', now, { pushed: true });
        return;
      }
    } else if (bonus.stage === 'handle_bets') {
      // A rollback took wagering back below the requirement: the bonus counts bets again.
      await moveStage(context, bonus, 'activated', now, { pushed: false });
      return;
    }
    progressed(context, { bonusId: bonus.id, playerId: bonus.playerId, eventId });
  }

  /** A running bonus between its two running stages, announced (`pushed`: whether the change is pushed). */
  async function moveStage(
    context: HandlerContext,
    bonus: BonusRow,
    stage: 'activated' | 'handle_bets',
    now: Date,
    { pushed }: { pushed: boolean },
  ) {
    await context.db.update(b).set({ stage, updatedAt: now }).where(eq(b.id, bonus.id));
    await deps.events.publish(context.db, 'bonuses.bonus_changed', {
      bonusId: bonus.id,
      playerId: bonus.playerId,
      stage,
      pushed,
    });
  }

  /**
   * The stakes of paid bets, counted for their players' running bonuses together: one statement for a
   * batch's bets, each weighted by its game and counted only by a bonus activated before it. The events
   * that read what this writes (anything but a bet or a plain win) have it flushed before them.
   */
  const stakes = perBatch<{ event: PlayEvent; game: Game }>('bonus-stakes', async (context, bets) => {
    const rows = bets.map(({ event: { payload }, game }, position) => ({
      position,
      player_id: payload.playerId,
      currency: payload.currency,
      amount: payload.amount,
      transaction_id: payload.transactionId,
      game: game.identifier,
      categories: game.categories.join(','),
    }));
    // The players' ledger locks before their bonus rows, in sorted order (issue 31 item 22).
    await lockPlayersInPlay(
      context,
      bets.map(({ event: { payload } }) => `${payload.playerId}:${payload.currency}`),
    );
    const counted = await context.db
      .update(b)
      .set({ wageringDone: sql`${b.wageringDone} + counted.amount`, updatedAt: app.clock.now() })
      .from(sql`(
        select bonus.id, min(stake.position) as first, sum(${weighted(
          sql`stake.amount`,
          { identifier: sql`stake.game`, categories: sql`stake.categories` },
          sql`bonus.contributions`,
        )}) as amount
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as stake(position int, player_id uuid,
          currency text, amount bigint, transaction_id bigint, game text, categories text)
        join player_bonuses bonus on bonus.player_id = stake.player_id and bonus.currency = stake.currency
          and ${inArray(sql`bonus.stage`, [...runningStages])}
          and bonus.activation_transaction < stake.transaction_id
        group by bonus.id
      ) as counted`)
      .where(eq(b.id, sql`counted.id`))
      .returning({ bonus: getTableColumns(b), first: sql<number>`counted.first` });
    for (const { bonus, first } of counted)
      await afterProgress(context, bets[Number(first)]?.event.id ?? '', bonus);
  });

  /**
   * Rounds settled by a plain win (real money, more than zero): all such a win can change is a bonus
   * waiting for its rounds, which converts once none is open. Checked together at the batch's end.
   */
  const settled = perBatch<PlayEvent>('bonus-settled', async (context, wins) => {
    const rounds = new Set(wins.map(({ payload }) => `${payload.playerId}:${payload.currency}`));
    // The players' ledger locks before their bonus rows, in sorted order (issue 31 item 22).
    await lockPlayersInPlay(context, [...rounds]);
    const waiting = await context.db
      .select()
      .from(b)
      .where(
        and(
          inArray(b.playerId, [...new Set(wins.map(({ payload }) => payload.playerId))]),
          inArray(sql`${b.playerId}::text || ':' || ${b.currency}`, [...rounds]),
          eq(b.stage, 'handle_bets'),
        ),
      )
      .orderBy(b.id)
      .for('update');
    const now = app.clock.now();
    for (const bonus of waiting)
      if (bonus.wageringDone >= bonus.wageringRequired && !(await betsOpen(context.db, bonus)))
        await endBonus(context.db, deps, bonus, 'wagered', now);
  });

  /** A rolled-back stake (`bet`, counted by the running `bonus`) no longer counts toward its wagering. */
  async function takeBack(
    context: HandlerContext,
    eventId: string,
    bonus: BonusRow,
    bet: { amount: number; gameCode: string | null },
  ): Promise<void> {
    const tx = context.db;
    const [counted] = await tx
      .update(b)
      .set({
        wageringDone: sql`greatest(0, ${b.wageringDone} - ${weightedOf(bet.amount, await following.gameOf(tx, bet.gameCode))})`,
        updatedAt: app.clock.now(),
      })
      .where(eq(b.id, bonus.id))
      .returning();
    if (counted) await afterProgress(context, eventId, counted);
  }

  return { stakes, settled, takeBack };
}
