import { type Db, schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DomainEvent, type EventBus, type HandlerContext, perBatch } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { runningStages } from './activate-bonus.ts';
import { betsOpen, moneyLeftOfBonusRow, spinsWinnings } from './bonus-money.ts';
import { endBonus } from './end-bonus.ts';
import { finishFreespins } from './finish-freespins.ts';
import { bonusesById, listFreespins, playerLanguage } from './read.ts';

type PlayEvent = DomainEvent<'wallet.bet_booked' | 'wallet.win_booked' | 'wallet.rollback_booked'>;
type GameFacts = { identifier: string; categories: string[] };

const b = schema.playerBonuses;
const f = schema.playerFreespins;

/**
 * Follows play from the wallet's events (never inside the bet's booking, which only refuses a stake above
 * the running bonus's maximum): wagering progress of the running bonus, weighted by the game's
 * contribution, counted for the bets booked after its activation and taken back when a bet is rolled
 * back; the bonus's stage from there (handle_bets while bets are open once wagering is met, wagered when
 * they are settled, lost when its money is spent); free spins played and what they won. Each event is
 * handled once, in the handler's transaction, so progress counts exactly once under retries.
 */
export function followPlay(
  app: FastifyInstance,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
): void {
  const games = new Map<string, GameFacts>();
  const gameOf = async (db: Db, code: string | null): Promise<GameFacts> => {
    if (!code) return { identifier: '', categories: [] };
    const known = games.get(code);
    if (known) return known;
    const [row] = await db
      .select({ identifier: schema.games.identifier, categories: schema.games.categories })
      .from(schema.games)
      .where(eq(schema.games.gameCode, code))
      .limit(1);
    const facts = row ?? { identifier: code, categories: [] };
    games.set(code, facts);
    return facts;
  };

  // A player's language changes seldom; a progress push in the previous one for a minute is harmless.
  const languages = new Map<string, { language: Locale; until: number }>();
  const languageOf = async (db: Db, playerId: string): Promise<Locale> => {
    const known = languages.get(playerId);
    if (known && known.until > Date.now()) return known.language;
    const language = await playerLanguage(db, playerId);
    if (languages.size > 50_000) languages.clear();
    languages.set(playerId, { language, until: Date.now() + 60_000 });
    return language;
  };

  /**
   * The progress push of a bonus, once per batch of events however many of its bets the batch counted:
   * the bonus as the list shows it when the batch ends (stage changes are pushed by changes.ts). The
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

  /** Which of these player:currency keys have bonus money in play: a bonus or free spins not ended. */
  const inPlay = async (db: Db, keys: string[]): Promise<Set<string>> => {
    // By player first, so the player_id indexes find the rows.
    const players = [...new Set(keys.map((key) => key.slice(0, key.lastIndexOf(':'))))];
    const { rows } = (await db.execute(sql`
      select player_id::text || ':' || currency as key from player_bonuses
      where player_id in ${players} and player_id::text || ':' || currency in ${keys}
        and stage in ('issued', 'activated', 'handle_bets')
      union
      select player_id::text || ':' || currency from player_freespins
      where player_id in ${players} and player_id::text || ':' || currency in ${keys}
        and stage in ('issued', 'activated')`)) as unknown as {
      rows: { key: string }[];
    };
    return new Set(rows.map(({ key }) => key));
  };

  /**
   * Before the handler locks a bonus or free-spin row in a batch: the ledger locks of the batch's
   * players whose bonus money is in play (a bonus or free spins not ended, or bonus money paid or given
   * back), all at once in sorted order, once per batch; answers the keys locked. Every path that locks
   * a player's bonus rows and books takes the player's ledger lock first (issue 31 item 22); taken one
   * event at a time, the batch would hold several players' locks in event order, against groups of
   * wallet calls that take them sorted. Players without bonus money in play are not locked: their bets
   * never wait for the batch.
   */
  const batchLocked = new WeakMap<Db, Promise<Set<string>>>();
  const lockBatchPlayers = (context: HandlerContext): Promise<Set<string>> => {
    const known = batchLocked.get(context.db);
    if (known) return known;
    const locking = (async () => {
      const plays = context.batch.filter(
        (event): event is PlayEvent =>
          event.name === 'wallet.bet_booked' ||
          event.name === 'wallet.win_booked' ||
          event.name === 'wallet.rollback_booked',
      );
      const keys = [...new Set(plays.map(({ payload }) => `${payload.playerId}:${payload.currency}`))];
      if (keys.length === 0) return new Set<string>();
      const locked = await inPlay(context.db, keys);
      for (const { payload } of plays)
        if (payload.bonus > 0) locked.add(`${payload.playerId}:${payload.currency}`);
      await deps.wallet
        .using(context.db)
        .ledger.lockPlayers(
          plays.map(({ payload }) => payload).filter((p) => locked.has(`${p.playerId}:${p.currency}`)),
        );
      return locked;
    })();
    batchLocked.set(context.db, locking);
    return locking;
  };

  /**
   * The ledger locks of these players (player:currency keys) before their bonus or free-spin rows are
   * locked: held since the batch's locks, or, for bonus money that came into play during the batch (a
   * bonus activated since), taken now. A key that sorts after every lock held is taken in order; one
   * that sorts before is only tried, and if another transaction holds it the batch fails and is
   * retried (from the same event), then with that player locked up front: waiting for it here could
   * close a cycle with a transaction that takes the same locks sorted. Players with none in play are
   * not locked (no row of theirs will be).
   */
  const lockPlayersInPlay = async (context: HandlerContext, keys: string[]) => {
    const held = await lockBatchPlayers(context);
    const missing = [...new Set(keys)].filter((key) => !held.has(key));
    if (missing.length === 0) return;
    const ledger = deps.wallet.using(context.db).ledger;
    for (const key of [...(await inPlay(context.db, missing))].sort()) {
      const at = key.lastIndexOf(':');
      const [playerId, currency] = [key.slice(0, at), key.slice(at + 1)];
      const highest = [...held].sort().at(-1);
      if (highest === undefined || key > highest) await ledger.lockPlayer(playerId, currency);
      else if (!(await ledger.tryLockPlayer(playerId, currency)))
        throw new Error(`ledger lock of ${key} held elsewhere, out of this batch's order: retried`);
      held.add(key);
    }
  };

  /**
   * The running bonus of the event's player and currency, locked, or none; with the money it has left,
   * read in the same statement (a win settling a lost round needs it, and it is the most frequent event).
   * The player's ledger lock comes first, as in every path that locks a bonus row and books (issue 31
   * item 22): ending the bonus books under it.
   */
  const runningBonus = async (context: HandlerContext, p: PlayEvent['payload']) => {
    const tx = context.db;
    await lockPlayersInPlay(context, [`${p.playerId}:${p.currency}`]);
    const [row] = await tx
      .select({ bonus: getTableColumns(b), moneyLeft: moneyLeftOfBonusRow })
      .from(b)
      .where(
        and(eq(b.playerId, p.playerId), eq(b.currency, p.currency), inArray(b.stage, [...runningStages])),
      )
      .for('update');
    return row && { bonus: row.bonus, moneyLeft: Number(row.moneyLeft) };
  };

  /** What a stake adds to (or a rollback takes from) wagering: its amount times the game's weight, in SQL. */
  const weighted = (amount: SQL, game: { identifier: SQL; categories: SQL }, contributions: SQL) =>
    sql`floor(${amount}::numeric * coalesce(
      (${contributions}->'games'->>${game.identifier})::int,
      (select min(weight.value::int) from jsonb_each_text(${contributions}->'categories') as weight
        where weight.key = any(string_to_array(${game.categories}, ','))),
      (${contributions}->>'other')::int
    ) / 100)`;
  const weightedOf = (amount: number, game: GameFacts) =>
    weighted(
      sql`${amount}`,
      { identifier: sql`${game.identifier}`, categories: sql`${game.categories.join(',')}` },
      sql`${b.contributions}`,
    );

  /**
   * The stakes of paid bets, counted for their players' running bonuses together: one statement for a
   * batch's bets, each weighted by its game and counted only by a bonus activated before it. The events
   * that read what this writes (anything but a bet or a plain win) have it flushed before them.
   */
  const stakes = perBatch<{ event: PlayEvent; game: GameFacts }>('bonus-stakes', async (context, bets) => {
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

  /** After wagering moved (`eventId`: the first event that moved it): the stage that follows, or a progress push. */
  async function afterProgress(context: HandlerContext, eventId: string, bonus: typeof b.$inferSelect) {
    const tx = context.db;
    const now = app.clock.now();
    if (bonus.wageringDone >= bonus.wageringRequired) {
      if (!(await betsOpen(tx, bonus))) {
        await endBonus(tx, deps, bonus, 'wagered', now);
        return;
      }
      if (bonus.stage === 'activated') {
        await tx.update(b).set({ stage: 'handle_bets', updatedAt: now }).where(eq(b.id, bonus.id));
        await deps.events.publish(tx, 'bonuses.bonus_changed', {
          bonusId: bonus.id,
          playerId: bonus.playerId,
          stage: 'handle_bets',
          pushed: true,
        });
        return;
      }
    } else if (bonus.stage === 'handle_bets') {
      // A rollback took wagering back below the requirement: the bonus counts bets again.
      await tx.update(b).set({ stage: 'activated', updatedAt: now }).where(eq(b.id, bonus.id));
      await deps.events.publish(tx, 'bonuses.bonus_changed', {
        bonusId: bonus.id,
        playerId: bonus.playerId,
        stage: 'activated',
        pushed: false,
      });
      return;
    }
    progressed(context, { bonusId: bonus.id, playerId: bonus.playerId, eventId });
  }

  app.events.on(
    ['wallet.bet_booked', 'wallet.win_booked', 'wallet.rollback_booked'],
    'bonuses.play',
    async (event, context) => {
      const tx = context.db;
      const p = event.payload;
      const now = app.clock.now();

      // The hot path, no statement of its own: a paid bet's stake counts with the batch's other stakes, and
      // a plain win's settled round is checked with the batch's others.
      if (event.name === 'wallet.bet_booked' && !event.payload.free) {
        stakes(context, { event, game: await gameOf(tx, p.gameCode) });
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
        [bet] = await tx
          .select({
            id: schema.ledgerTransactions.id,
            amount: schema.ledgerTransactions.amount,
            gameCode: schema.ledgerTransactions.gameCode,
          })
          .from(schema.ledgerTransactions)
          .where(eq(schema.ledgerTransactions.idempotencyKey, event.payload.betKey));
        if (bet?.amount === 0) {
          if (event.name === 'wallet.win_booked') await followFreeSpin(context, event);
          return;
        }
      }

      const running = await runningBonus(context, p);
      if (!running) {
        // Bonus money paid by a win or given back by a rollback after its bonus ended (a round staked with
        // it, settled later) has no bonus to belong to: it goes back to the pool, so the bonus balance is
        // only a running bonus's.
        if (p.bonus > 0) await sweep(tx, event);
        return;
      }
      const { bonus, moneyLeft } = running;
      if (
        event.name === 'wallet.rollback_booked' &&
        bet &&
        bet.id > (bonus.activationTransaction ?? Number.MAX_SAFE_INTEGER)
      ) {
        const [counted] = await tx
          .update(b)
          .set({
            wageringDone: sql`greatest(0, ${b.wageringDone} - ${weightedOf(bet.amount, await gameOf(tx, bet.gameCode))})`,
            updatedAt: now,
          })
          .where(eq(b.id, bonus.id))
          .returning();
        if (counted) await afterProgress(context, event.id, counted);
        return;
      }
      // A settled round: the bonus waiting for it may convert; a lost one may have spent the bonus money.
      if (bonus.stage === 'handle_bets') {
        if (bonus.wageringDone >= bonus.wageringRequired && !(await betsOpen(tx, bonus))) {
          await endBonus(tx, deps, bonus, 'wagered', now);
        }
        return;
      }
      if (p.amount === 0 && moneyLeft <= 0 && !(await betsOpen(tx, bonus))) {
        await endBonus(tx, deps, bonus, 'lost', now);
      }
    },
  );

  /** A free spin's bet counts one spin played; its win adds to what the spins won. */
  async function followFreeSpin(context: HandlerContext, event: PlayEvent): Promise<void> {
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
    // grant ended between bet and win): its win is bonus money of no bonus, swept back to the pool as
    // decision 21 says, so the bonus balance is only a running bonus's or free spins' being played.
    if (!spins) {
      if (event.name === 'wallet.win_booked' && p.bonus > 0) await sweep(tx, event);
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
  }

  async function sweep(
    tx: Db,
    event: DomainEvent<'wallet.win_booked' | 'wallet.rollback_booked'>,
  ): Promise<void> {
    const p = event.payload;
    const wallet = deps.wallet.using(tx);
    const balances = await wallet.ledger.lockedBalances(p.playerId, p.currency);
    const amount = Math.min(p.bonus, balances.bonus - (await spinsWinnings(tx, p.playerId, p.currency)));
    if (amount <= 0) return;
    await wallet.forfeitBonus({
      key: `bonus:sweep:${p.transactionId}`,
      playerId: p.playerId,
      currency: p.currency,
      amount,
      reference: p.key,
    });
  }
}
