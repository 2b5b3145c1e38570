import { type Db, schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DomainEvent, EventBus, HandlerContext } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { runningStages } from './activate-bonus.ts';
import { betsOpen, spinsWinnings } from './bonus-money.ts';
import { endBonus } from './end-bonus.ts';
import { finishFreespins } from './finish-freespins.ts';
import { listBonuses, listFreespins } from './read.ts';
import { contributionOf } from './terms.ts';

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

  const languageOf = async (db: Db, playerId: string): Promise<Locale> => {
    const [row] = await db
      .select({ language: schema.players.language })
      .from(schema.players)
      .where(eq(schema.players.id, playerId));
    return row?.language === 'el' ? 'el' : 'en';
  };

  /** A progress push: the bonus as the list shows it now (stage changes are pushed by changes.ts). */
  const pushProgress = async (context: HandlerContext, event: PlayEvent, bonusId: string) => {
    const { playerId } = event.payload;
    const [bonus] = await listBonuses(context.db, playerId, await languageOf(context.db, playerId), bonusId);
    if (bonus)
      await app.realtime.publishToPlayer(context, 'bonuses_changes', playerId, bonus, `${event.id}:bonus`);
  };

  app.events.on(
    ['wallet.bet_booked', 'wallet.win_booked', 'wallet.rollback_booked'],
    'bonuses.play',
    async (event, context) => {
      const tx = context.db;
      const p = event.payload;
      const now = new Date();
      // The bet a win or rollback answers: a free spin's (stake 0), or one that may count for wagering.
      let bet: { id: number; amount: number; gameCode: string | null } | undefined;
      if (event.name !== 'wallet.bet_booked') {
        [bet] = await tx
          .select({
            id: schema.ledgerTransactions.id,
            amount: schema.ledgerTransactions.amount,
            gameCode: schema.ledgerTransactions.gameCode,
          })
          .from(schema.ledgerTransactions)
          .where(eq(schema.ledgerTransactions.idempotencyKey, event.payload.betKey));
      }
      const free = event.name === 'wallet.bet_booked' ? event.payload.free : bet?.amount === 0;
      if (free) {
        if (event.name !== 'wallet.rollback_booked') await followFreeSpin(context, event);
        return;
      }

      const [bonus] = await tx
        .select()
        .from(b)
        .where(
          and(eq(b.playerId, p.playerId), eq(b.currency, p.currency), inArray(b.stage, [...runningStages])),
        )
        .for('update');
      if (!bonus) {
        // Bonus money paid by a win or given back by a rollback after its bonus ended (a round staked with
        // it, settled later) has no bonus to belong to: it goes back to the pool, so the bonus balance is
        // only a running bonus's.
        if (event.name !== 'wallet.bet_booked' && p.bonus > 0) await sweep(tx, event);
        return;
      }

      let done = bonus.wageringDone;
      const after = bonus.activationTransaction ?? Number.MAX_SAFE_INTEGER;
      if (event.name === 'wallet.bet_booked' && p.transactionId > after) {
        done += Math.floor(
          (p.amount * contributionOf(bonus.contributions, await gameOf(tx, p.gameCode))) / 100,
        );
      } else if (event.name === 'wallet.rollback_booked' && bet && bet.id > after) {
        const share = contributionOf(bonus.contributions, await gameOf(tx, bet.gameCode));
        done = Math.max(0, done - Math.floor((bet.amount * share) / 100));
      }
      if (done !== bonus.wageringDone) {
        await tx.update(b).set({ wageringDone: done, updatedAt: now }).where(eq(b.id, bonus.id));
      }
      const current = { ...bonus, wageringDone: done };

      if (done >= bonus.wageringRequired) {
        if (!(await betsOpen(tx, bonus))) {
          await endBonus(tx, deps, current, 'wagered', now);
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
      } else if (
        event.name !== 'wallet.bet_booked' &&
        (await moneyLeft(tx, bonus)) <= 0 &&
        !(await betsOpen(tx, bonus))
      ) {
        await endBonus(tx, deps, current, 'lost', now);
        return;
      }
      if (done !== bonus.wageringDone) await pushProgress(context, event, bonus.id);
    },
  );

  /** A free spin's bet counts one spin played; its win adds to what the spins won. */
  async function followFreeSpin(context: HandlerContext, event: PlayEvent): Promise<void> {
    const tx = context.db;
    const p = event.payload;
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
    // A free bet no grant of ours stands behind (a studio's own feature) changes nothing here.
    if (!spins) return;
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
      await finishFreespins(tx, deps, updated, 'played', new Date());
      return;
    }
    const [view] = await listFreespins(tx, p.playerId, await languageOf(tx, p.playerId), spins.id);
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

  async function moneyLeft(tx: Db, bonus: typeof b.$inferSelect): Promise<number> {
    const { bonus: money } = await deps.wallet.using(tx).ledger.balances(bonus.playerId, bonus.currency);
    return money - (await spinsWinnings(tx, bonus.playerId, bonus.currency));
  }
}
