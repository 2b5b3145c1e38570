import type { Db } from '@chrysos/db';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { roundRng } from '../fair/index.ts';
import { BetError, type Engine, type Step } from '../math/engine.ts';
import * as studioSchema from '../storage/schema.ts';
import type { StudioTitle } from '../studio-types.ts';
import { WalletUnavailable } from '../wallet/wallet-client.ts';
import { claimSpin, type FreespinsState, grantState, returnSpin } from './freespins.ts';
import { claimRoundStart } from './game-cycle.ts';
import type { Purse, RoundRef } from './purse.ts';
import { claimNonce } from './seeds.ts';

const { studioRounds } = studioSchema;
type RoundRow = typeof studioRounds.$inferSelect;
// Engines differ in their bet, state, view and action types; the service only passes them along.
// biome-ignore lint/suspicious/noExplicitAny: a registry of engines with different type parameters
type AnyEngine = Engine<any, any, any, any>;

/** What the game client is told about a round. */
export interface RoundAnswer {
  id: string;
  status: RoundRow['status'];
  finished: boolean;
  stake: number;
  payout: number | null;
  view: unknown;
  /** The balance after the round as the wallet reported it; null when it could not be read. */
  balance: number | null;
  /** The win is decided but the wallet has not acknowledged it yet; it will be paid. */
  settling: boolean;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
  /** The session's free spins after a free round: spins left, in all, and won so far. */
  freespins?: FreespinsState;
}

/** A round the player cannot play: a refused bet or action, with a reason the client can show. */
export class RoundRefused extends Error {
  readonly reason: string;
  readonly balance: number | null;
  constructor(reason: string, balance: number | null = null) {
    super(reason);
    this.reason = reason;
    this.balance = balance;
  }
}

export interface PlayContext {
  sessionHash: string;
  mode: 'real' | 'demo';
  owner: string;
  currency: string;
  /** Minor units per whole unit of the currency: the titles' limits are in whole units. */
  subunits: number;
  title: StudioTitle;
  purse: Purse;
  /**
   * The session's free-spin grant: while it has spins left, each round is one of them, at the grant's
   * stake whatever the bet said, its stake paid by the grant (is_free towards the wallet); the engine
   * plays it exactly as a paid round.
   */
  freeGrant?: string | null;
  /**
   * The licence's minimum game cycle, as the session's launch gave it: milliseconds at least between
   * the starts of two rounds of the owner in this title (0: none).
   */
  minCycleMs?: number;
}

const refOf = (round: Pick<RoundRow, 'id' | 'titleId' | 'freeGrant'>): RoundRef => ({
  id: round.id,
  titleId: round.titleId,
  freeGrant: round.freeGrant,
});

/**
 * Plays rounds: the outcome comes from the engine and the provably fair seeds, the money moves only
 * through the purse (the wallet protocol for real play). Each step is written down before the wallet
 * is called, so after a crash `recover` knows whether a stake must be given back or a win paid.
 */
export class RoundService {
  readonly #db: Db;
  readonly #engines: Record<string, AnyEngine>;
  readonly #titleById: (id: string) => StudioTitle | undefined;
  readonly #log: (message: string, detail?: Record<string, unknown>) => void;
  readonly #now: () => Date;

  constructor(options: {
    db: Db;
    engines: Record<string, AnyEngine>;
    titleById: (id: string) => StudioTitle | undefined;
    log?: (message: string, detail?: Record<string, unknown>) => void;
    /** The host's clock, which rules of time (the minimum game cycle) read; the system's by default. */
    now?: () => Date;
  }) {
    this.#db = options.db;
    this.#engines = options.engines;
    this.#titleById = options.titleById;
    this.#log = options.log ?? (() => {});
    this.#now = options.now ?? (() => new Date());
  }

  #engine(title: StudioTitle): AnyEngine {
    const engine = this.#engines[title.engine];
    if (!engine) throw new Error(`no engine ${title.engine}`);
    return engine;
  }

  /**
   * Opens and plays a round: stake, outcome, and (for one-step games) the win, all booked. While the
   * session's grant has spins left the round is one of them.
   */
  async play(context: PlayContext, input: unknown): Promise<RoundAnswer> {
    const grant = context.freeGrant ?? null;
    const spin = grant ? await claimSpin(this.#db, grant, context.owner) : null;
    if (!grant || !spin) return this.#play(context, input, null);
    const answer = await this.#play(context, { stake: spin.stake }, grant);
    const freespins = await grantState(this.#db, grant);
    return freespins ? { ...answer, freespins } : answer;
  }

  async #play(context: PlayContext, input: unknown, freeGrant: string | null): Promise<RoundAnswer> {
    const { title } = context;
    const engine = this.#engine(title);
    let seeds: Awaited<ReturnType<typeof claimNonce>>;
    let bet: unknown;
    let stake: number;
    try {
      bet = engine.parseBet(input, title.variant);
      stake = engine.stakeOf(bet);
      const min = title.minBet * context.subunits;
      const max = title.maxBet * context.subunits;
      if (!Number.isSafeInteger(stake) || stake < min || stake > max) {
        throw new BetError('stake', `The stake must be between ${title.minBet} and ${title.maxBet}.`);
      }
      // Refused (TooSoon) before a nonce is taken or a round opened: nothing reaches the wallet.
      await claimRoundStart(this.#db, {
        owner: context.owner,
        titleId: title.id,
        at: this.#now(),
        cycleMs: context.minCycleMs ?? 0,
      });
      seeds = await claimNonce(this.#db, context.owner);
    } catch (error) {
      // No round was opened: a free spin claimed for it is not spent.
      if (freeGrant) await returnSpin(this.#db, freeGrant);
      throw error;
    }
    const step: Step<unknown, unknown> = engine.start(
      bet,
      title.variant,
      roundRng(seeds.serverSeed, seeds.clientSeed, seeds.nonce),
    );
    // The outcome is fixed by the seeds before any money moves; it is stored with the round, but
    // shown only once the stake is booked.
    const [round] = await this.#db
      .insert(studioRounds)
      .values({
        sessionHash: context.sessionHash,
        mode: context.mode,
        owner: context.owner,
        titleId: title.id,
        currency: context.currency,
        seedId: seeds.seedId,
        clientSeed: seeds.clientSeed,
        nonce: seeds.nonce,
        bet: bet as object,
        stake,
        stakesSent: 1,
        payout: step.finished ? step.payout : null,
        state: step.state as object,
        view: step.view as object,
        freeGrant,
      })
      .returning();
    if (!round) throw new Error('round not stored');

    const taken = await this.#takeStake(context.purse, round, 0, stake);
    if (!taken.booked) {
      await this.#endUnbooked(round, 'refused', taken.reason);
      throw new RoundRefused(taken.reason, taken.balance ?? null);
    }
    const [booked] = await this.#db
      .update(studioRounds)
      .set({ stakesBooked: 1, phase: step.finished ? 'settling' : 'playing', updatedAt: new Date() })
      .where(eq(studioRounds.id, round.id))
      .returning();
    if (!booked) throw new Error('round vanished');
    if (!step.finished) return this.#answer(booked, taken.balance, seeds.serverSeedHash);
    return this.#settle(context.purse, booked, taken.balance, seeds.serverSeedHash);
  }

  /** A player's decision in an open round (blackjack): extra stakes first, then the engine's step. */
  async act(context: PlayContext, roundId: string, input: unknown): Promise<RoundAnswer> {
    const engine = this.#engine(context.title);
    if (!engine.act || !engine.parseAction) throw new BetError('action', 'This game takes no actions.');
    const [round] = await this.#db
      .select()
      .from(studioRounds)
      .where(and(eq(studioRounds.id, roundId), eq(studioRounds.owner, context.owner)));
    if (round?.status !== 'open' || round.phase !== 'playing') {
      throw new RoundRefused('ROUND_NOT_OPEN');
    }
    const action = engine.parseAction(input, round.state);
    const extra = engine.extraStakeOf?.(round.state, action) ?? 0;
    const actions = round.actions as unknown[];

    // Claim the step: a second click on the same decision finds the action count moved on.
    const [claimed] = await this.#db
      .update(studioRounds)
      .set({
        stakesSent: extra > 0 ? sql`${studioRounds.stakesSent} + 1` : studioRounds.stakesSent,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(studioRounds.id, round.id),
          eq(studioRounds.phase, 'playing'),
          eq(studioRounds.stakesSent, round.stakesBooked),
          sql`jsonb_array_length(${studioRounds.actions}) = ${actions.length}`,
        ),
      )
      .returning();
    if (!claimed) throw new RoundRefused('ROUND_BUSY');

    let balance: number | null = null;
    if (extra > 0) {
      const n = claimed.stakesSent - 1;
      const taken = await this.#takeStake(context.purse, claimed, n, extra);
      if (!taken.booked) {
        await this.#db
          .update(studioRounds)
          .set({ stakesSent: round.stakesBooked, updatedAt: new Date() })
          .where(eq(studioRounds.id, round.id));
        throw new RoundRefused(taken.reason, taken.balance ?? null);
      }
      balance = taken.balance;
    }
    const step: Step<unknown, unknown> = engine.act(round.state, action);
    const [next] = await this.#db
      .update(studioRounds)
      .set({
        stakesBooked: claimed.stakesSent,
        stake: round.stake + extra,
        state: step.state as object,
        view: step.view as object,
        actions: [...actions, action] as object,
        phase: step.finished ? 'settling' : 'playing',
        payout: step.finished ? step.payout : null,
        updatedAt: new Date(),
      })
      .where(eq(studioRounds.id, round.id))
      .returning();
    if (!next) throw new Error('round vanished');
    const hash = await this.#seedHash(next.seedId);
    if (!step.finished) return this.#answer(next, balance ?? (await context.purse.balance()), hash);
    return this.#settle(context.purse, next, balance, hash);
  }

  /** Takes one stake; an unknown outcome is undone at once (or, failing that, by `recover`). */
  async #takeStake(purse: Purse, round: RoundRow, n: number, amount: number) {
    try {
      return await purse.stake(refOf(round), n, amount);
    } catch (error) {
      if (!(error instanceof WalletUnavailable)) throw error;
      this.#log('stake outcome unknown; giving it back', { round: round.id, n });
      try {
        await purse.cancelStake(refOf(round), n);
        if (n === 0) await this.#endUnbooked(round, 'rolled_back');
      } catch (cancelError) {
        // Left for recover(): the round stays open with the stake unacknowledged.
        this.#log('stake rollback failed; recovery will retry', {
          round: round.id,
          error: String(cancelError),
        });
      }
      throw new RoundRefused('WALLET_UNAVAILABLE');
    }
  }

  /**
   * Ends a round whose opening stake was refused or given back: nothing was played. Only a round still
   * open is ended, once, and a free spin it took goes back to its grant.
   */
  async #endUnbooked(round: RoundRow, status: 'refused' | 'rolled_back', refusal?: string) {
    const [ended] = await this.#db
      .update(studioRounds)
      .set({
        status,
        phase: 'done',
        ...(refusal ? { refusal } : {}),
        closedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(studioRounds.id, round.id), eq(studioRounds.status, 'open')))
      .returning({ id: studioRounds.id });
    if (ended && round.freeGrant) await returnSpin(this.#db, round.freeGrant);
  }

  /** Pays the decided win (zero included, to close the round at the wallet) and closes the round. */
  async #settle(
    purse: Purse,
    round: RoundRow,
    balance: number | null,
    seedHash: string,
  ): Promise<RoundAnswer> {
    try {
      const paid = await purse.pay(refOf(round), round.payout ?? 0);
      if (!paid.settled) this.#log('win refused by the wallet', { round: round.id, reason: paid.reason });
      const [closed] = await this.#db
        .update(studioRounds)
        .set({
          status: 'closed',
          phase: 'done',
          refusal: paid.settled ? null : paid.reason,
          closedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(studioRounds.id, round.id))
        .returning();
      return this.#answer(closed ?? round, paid.settled ? paid.balance : balance, seedHash);
    } catch (error) {
      if (!(error instanceof WalletUnavailable)) throw error;
      this.#log('win not acknowledged; recovery will pay it', { round: round.id });
      return { ...this.#answer(round, balance, seedHash), settling: true };
    }
  }

  #answer(round: RoundRow, balance: number | null, serverSeedHash: string): RoundAnswer {
    return {
      id: round.id,
      status: round.status,
      finished: round.phase === 'settling' || round.phase === 'done',
      stake: round.stake,
      payout: round.payout,
      view: round.view,
      balance,
      settling: false,
      fairness: { serverSeedHash, clientSeed: round.clientSeed, nonce: round.nonce },
    };
  }

  async #seedHash(seedId: number): Promise<string> {
    const [seed] = await this.#db
      .select({ hash: studioSchema.studioSeeds.serverSeedHash })
      .from(studioSchema.studioSeeds)
      .where(eq(studioSchema.studioSeeds.id, seedId));
    return seed?.hash ?? '';
  }

  /**
   * Brings every round left open by a crash or an unreachable wallet to an end: stakes of unknown
   * fate are given back, decided wins are paid, and hands abandoned mid-play stand.
   */
  async recover(
    purseFor: (round: RoundRow) => Promise<Purse | null>,
    options: { idleMs: number; abandonMs: number },
  ) {
    const now = Date.now();
    const rounds = await this.#db
      .select()
      .from(studioRounds)
      .where(and(eq(studioRounds.status, 'open'), lt(studioRounds.updatedAt, new Date(now - options.idleMs))))
      .orderBy(studioRounds.updatedAt)
      .limit(500);
    let settled = 0;
    for (const round of rounds) {
      const purse = await purseFor(round);
      if (!purse) continue;
      try {
        if (await this.#recoverOne(purse, round, now - round.updatedAt.getTime() > options.abandonMs))
          settled++;
      } catch (error) {
        this.#log('recovery of a round failed; will retry', { round: round.id, error: String(error) });
      }
    }
    return settled;
  }

  async #recoverOne(purse: Purse, round: RoundRow, abandoned: boolean): Promise<boolean> {
    const ref = refOf(round);
    if (round.phase === 'betting' || (round.phase === 'playing' && round.stakesSent > round.stakesBooked)) {
      const n = round.stakesSent - 1;
      const cancelled = await purse.cancelStake(ref, n);
      if (!cancelled.settled)
        this.#log('rollback refused during recovery', { round: round.id, reason: cancelled.reason });
      if (n === 0) {
        await this.#endUnbooked(round, 'rolled_back');
        return true;
      }
      await this.#db
        .update(studioRounds)
        .set({ stakesSent: round.stakesBooked, updatedAt: new Date() })
        .where(eq(studioRounds.id, round.id));
      return false;
    }
    if (round.phase === 'playing') {
      if (!abandoned) return false;
      return this.#standAbandoned(purse, round);
    }
    if (round.phase === 'settling') {
      await this.#settle(purse, round, null, '');
      return true;
    }
    return false;
  }

  /** A hand left for longer than the casino waits stands where it is, as at a real table. */
  async #standAbandoned(purse: Purse, round: RoundRow): Promise<boolean> {
    const title = this.#titleById(round.titleId);
    const engine = title ? this.#engines[title.engine] : undefined;
    if (!engine?.act || !engine.parseAction) return false;
    let state = round.state;
    let step: Step<unknown, unknown> | null = null;
    const actions = [...(round.actions as unknown[])];
    for (let i = 0; i < 20 && !step?.finished; i++) {
      const stand = engine.parseAction('stand', state);
      step = engine.act(state, stand);
      state = step.state;
      actions.push(stand);
    }
    if (!step?.finished) return false;
    const [next] = await this.#db
      .update(studioRounds)
      .set({
        state: step.state as object,
        view: step.view as object,
        actions: actions as object,
        phase: 'settling',
        payout: step.payout,
        updatedAt: new Date(),
      })
      .where(and(eq(studioRounds.id, round.id), eq(studioRounds.phase, 'playing')))
      .returning();
    if (!next) return false;
    await this.#settle(purse, next, null, '');
    return true;
  }

  /** Whether the owner has a round still being played or settled (its seed must stay secret). */
  async hasOpenRound(owner: string): Promise<boolean> {
    const [open] = await this.#db
      .select({ id: studioRounds.id })
      .from(studioRounds)
      .where(and(eq(studioRounds.owner, owner), eq(studioRounds.status, 'open')))
      .limit(1);
    return open !== undefined;
  }

  /** One of the owner's rounds. */
  async find(owner: string, id: string): Promise<RoundRow | undefined> {
    const [round] = await this.#db
      .select()
      .from(studioRounds)
      .where(and(eq(studioRounds.id, id), eq(studioRounds.owner, owner)));
    return round;
  }

  /** The owner's last rounds, newest first, for the game's history panel. */
  async history(owner: string, titleId: string, limit = 20) {
    return this.#db
      .select({
        id: studioRounds.id,
        status: studioRounds.status,
        stake: studioRounds.stake,
        payout: studioRounds.payout,
        nonce: studioRounds.nonce,
        seedId: studioRounds.seedId,
        clientSeed: studioRounds.clientSeed,
        createdAt: studioRounds.createdAt,
      })
      .from(studioRounds)
      .where(and(eq(studioRounds.owner, owner), eq(studioRounds.titleId, titleId)))
      .orderBy(desc(studioRounds.createdAt))
      .limit(limit);
  }
}
