import {
  type AnyEndpoint,
  type ErrorCode,
  type ErrorParams,
  type StudioHistoryRound,
  studioApi,
} from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { Db } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hashServerSeed, isClientSeed, isServerSeed, roundRng } from '../fair/index.ts';
import { BetError } from '../math/engine.ts';
import { engines } from '../math/index.ts';
import { grantState } from '../rounds/freespins.ts';
import { TooSoon } from '../rounds/game-cycle.ts';
import { DemoPurse, type Purse, WalletPurse } from '../rounds/purse.ts';
import { RoundRefused, RoundService } from '../rounds/round-service.ts';
import { activeSeed, revealedSeed, revealedSeeds, rotateSeed } from '../rounds/seeds.ts';
import { findStudioSession, ownerOf, type StudioSession } from '../rounds/sessions.ts';
import { studioMigrations } from '../storage/migrations.ts';
import * as studioSchema from '../storage/schema.ts';
import type { StudioTitle } from '../studio-types.ts';
import { titleById } from '../titles.ts';
import type { WalletClient } from '../wallet/wallet-client.ts';
import { launchRoute } from './launch-route.ts';
import { roundLookupRoute } from './round-lookup-route.ts';

export interface StudioOptions {
  db: Db;
  /** Applies a folder of migrations with its own journal: the studio's, run before it serves. */
  migrate: (migrations: typeof studioMigrations) => Promise<void>;
  wallet: WalletClient;
  /** The studio's id and the secret it shares with the operator: launches must be signed with it. */
  operator: { studio: string; secret: string };
  /** The titles the studio plays: its own list unless a host brings another (tests of a catalogue). */
  titles?: readonly StudioTitle[];
  /** Minor units per whole unit of a currency (100 for EUR), or undefined for an unknown currency. */
  subunitsOf: (currency: string) => Promise<number | undefined>;
  /**
   * Recovery of rounds a crash or an unreachable wallet left open: how long an unanswered step waits
   * before recovery takes it over, when a hand is abandoned, and how the host runs the recovery pass
   * (`schedule` is handed the pass once; the host runs it at start and then periodically, e.g. as a
   * job that runs once across its instances).
   */
  recovery: { idleMs: number; abandonMs: number; schedule: (recover: () => Promise<unknown>) => void };
  /**
   * The host's clock, which the licence's minimum game cycle is measured on (the platform's product
   * clock, which its tests move); the system clock when not given.
   */
  now?: () => Date;
}

/** The header the game client sends its session id in (never in a URL after the first load). */
export const sessionHeader = 'x-studio-session';

/**
 * A route of the games API from its descriptor in the contract: method, path and schemas (the OpenAPI
 * document's), with the handler's request and answers typed by them (routeOf under the zod type
 * provider), so an answer that breaks its schema fails the typecheck. The handlers check each body
 * against the descriptor's schema themselves (`bodyOf`), so each refusal names its field with the
 * studio's code whatever host mounts the studio, and answers are plain JSON.
 */
const describedBy = <E extends AnyEndpoint>(target: E) => ({
  ...routeOf(target),
  url: `${target.base}${target.path}`,
  validatorCompiler: () => (data: unknown) => ({ value: data }),
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
});

/** A schema's check of a body (zod's safeParse): its value, or the issues of what does not fit. */
type Checked<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };

/** The code and message of a body's field the descriptor's schema refuses. */
const invalidBet: [ErrorCode, string] = ['studio.invalid_bet', 'This bet is not allowed in this game.'];
const fieldProblems: Record<string, [ErrorCode, string]> = {
  bet: invalidBet,
  action: ['studio.invalid_action', 'This move is not possible now.'],
  actions: ['studio.invalid_action', 'This move is not possible now.'],
  game: ['studio.unknown_game', 'Choose one of our games.'],
  server_seed: ['studio.invalid_server_seed', 'A server seed is 64 hexadecimal characters.'],
  client_seed: ['studio.invalid_client_seed', 'A client seed is 1 to 64 characters without spaces.'],
  nonce: ['studio.invalid_nonce', 'The nonce is a whole number from 0.'],
};

/** The latest rounds as the answer carries them: times as ISO 8601 text. */
const historyAnswer = (rows: readonly ({ createdAt: Date } & Omit<StudioHistoryRound, 'createdAt'>)[]) =>
  rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));

/**
 * A refusal as the API answers it everywhere: the message and its stable code under the field it
 * concerns (the game client translates by the code), the code's values, and anything more the client
 * needs (the balance a wallet refusal reported).
 */
function problem(
  reply: FastifyReply,
  status: number,
  field: string,
  code: ErrorCode,
  message: string,
  extra: { params?: ErrorParams; balance?: number } = {},
) {
  const { params, ...more } = extra;
  return reply.code(status).send({
    errors: { [field]: [message] },
    codes: { [field]: [code] },
    ...(params ? { params: { [field]: [params] } } : {}),
    ...more,
  });
}

/** A bet the engine refuses, by the part it names. */
const betProblem = (reply: FastifyReply, error: BetError) =>
  problem(
    reply,
    422,
    error.field,
    error.field === 'stake'
      ? 'studio.invalid_stake'
      : error.field === 'action'
        ? 'studio.invalid_action'
        : 'studio.invalid_bet',
    error.message,
  );

/**
 * The studio's API for its game clients (/games-api/*). A session comes from a launch; real-money
 * rounds book through the wallet protocol, demo rounds through the session's play money.
 */
async function studioRoutesPlugin(app: FastifyInstance, options: StudioOptions): Promise<void> {
  const { db, wallet } = options;
  // The studio's own schema, brought up to date after the host's (its first migration moves tables
  // an earlier release kept among the platform's).
  await options.migrate(studioMigrations);
  const byId = options.titles ? new Map(options.titles.map((title) => [title.id, title])) : undefined;
  const titleOf = byId ? (id: string) => byId.get(id) : titleById;
  // The operator's launch call opens the sessions the routes below play in.
  await app.register(launchRoute, {
    db,
    operator: options.operator,
    titleOf,
    subunitsOf: options.subunitsOf,
  });
  // …and asks about its player's rounds, for the account history.
  await app.register(roundLookupRoute, { db, operator: options.operator });
  const rounds = new RoundService({
    db,
    engines,
    titleById: titleOf,
    log: (message, detail) => app.log.warn(detail ?? {}, message),
    ...(options.now ? { now: options.now } : {}),
  });

  const purseOf = (session: StudioSession): Purse =>
    session.mode === 'real' && session.user && session.walletToken
      ? new WalletPurse(
          wallet,
          { user: session.user, token: session.walletToken, currency: session.currency },
          session.titleId,
        )
      : new DemoPurse(db, session.idHash);

  async function sessionOf(request: FastifyRequest, reply: FastifyReply) {
    const id = request.headers[sessionHeader];
    const session = typeof id === 'string' && id.length <= 64 ? await findStudioSession(db, id) : undefined;
    if (!session) {
      await problem(
        reply,
        401,
        'session',
        'studio.session_ended',
        'This game session has ended. Open the game again from the lobby.',
      );
      return null;
    }
    const title = titleOf(session.titleId);
    const subunits = await options.subunitsOf(session.currency);
    if (!title || !subunits) {
      await problem(reply, 404, 'game', 'studio.game_unavailable', 'This game is no longer available.');
      return null;
    }
    const owner = ownerOf(session);
    const purse = purseOf(session);
    // What a round of this session is played with (play and act).
    const round = {
      sessionHash: session.idHash,
      mode: session.mode,
      owner,
      currency: session.currency,
      subunits,
      title,
      purse,
      freeGrant: session.freeGrant,
      minCycleMs: session.minCycleMs,
    };
    return { session, title, subunits, owner, purse, round };
  }

  /**
   * The body as the descriptor's schema reads it, or null once the field it refuses is answered with
   * the studio's code (`whole` names the field when the body is no object at all).
   */
  function bodyOf<T>(reply: FastifyReply, checked: Checked<T>, whole: string): T | null {
    if (checked.success) return checked.data;
    const field = String(checked.error.issues[0]?.path[0] ?? whole);
    const [code, message] = fieldProblems[field] ?? fieldProblems[whole] ?? invalidBet;
    void problem(reply, 422, field, code, message);
    return null;
  }

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...describedBy(studioApi.session),
    handler: async (request, reply) => {
      const found = await sessionOf(request, reply);
      if (!found) return reply;
      const { session, title, subunits, owner, purse } = found;
      const seed = await activeSeed(db, owner);
      return {
        mode: session.mode,
        language: session.language,
        currency: session.currency,
        subunits,
        balance: await purse.balance(),
        title: {
          id: title.id,
          engine: title.engine,
          variant: title.variant,
          name: title.title,
          rtp: title.rtp,
          volatility: title.volatility,
          lines: title.lines ?? null,
          min_bet: title.minBet * subunits,
          max_bet: title.maxBet * subunits,
          theme: title.theme,
        },
        fairness: { server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, nonce: seed.nonce },
        history: historyAnswer(await rounds.history(owner, title.id)),
        freespins: session.freeGrant ? await grantState(db, session.freeGrant) : null,
        gameplay: {
          autoplay: session.autoplay,
          min_cycle_ms: session.minCycleMs,
          quick_play: session.quickPlay,
        },
      };
    },
  });

  api.route({
    ...describedBy(studioApi.play),
    handler: async (request, reply) => {
      const found = await sessionOf(request, reply);
      if (!found) return reply;
      const body = bodyOf(reply, studioApi.play.body.safeParse(request.body), 'bet');
      if (!body) return reply;
      try {
        return await rounds.play(found.round, body.bet);
      } catch (error) {
        return refusal(reply, error);
      }
    },
  });

  api.route({
    ...describedBy(studioApi.act),
    handler: async (request, reply) => {
      const found = await sessionOf(request, reply);
      if (!found) return reply;
      if (!/^[0-9a-f-]{36}$/.test(request.params.id))
        return problem(reply, 404, 'round', 'studio.round_not_found', 'No such round.');
      const body = bodyOf(reply, studioApi.act.body.safeParse(request.body), 'action');
      if (!body) return reply;
      try {
        return await rounds.act(found.round, request.params.id, body.action);
      } catch (error) {
        return refusal(reply, error);
      }
    },
  });

  api.route({
    ...describedBy(studioApi.history),
    handler: async (request, reply) => {
      const found = await sessionOf(request, reply);
      if (!found) return reply;
      return { rounds: historyAnswer(await rounds.history(found.owner, found.title.id)) };
    },
  });

  /** Rotating reveals the old server seed; the new client seed is the player's choice. */
  api.route({
    ...describedBy(studioApi.rotateSeed),
    handler: async (request, reply) => {
      const found = await sessionOf(request, reply);
      if (!found) return reply;
      const body = bodyOf(reply, studioApi.rotateSeed.body.safeParse(request.body), 'client_seed');
      if (!body) return reply;
      if (!isClientSeed(body.client_seed)) {
        return problem(
          reply,
          422,
          'client_seed',
          'studio.invalid_client_seed',
          'A client seed is 1 to 64 characters without spaces.',
        );
      }
      // Revealing the seed mid-hand would show a blackjack player the cards still to come.
      if (await rounds.hasOpenRound(found.owner)) {
        return problem(reply, 409, 'round', 'studio.round_open', 'ROUND_OPEN');
      }
      const { revealed, next } = await rotateSeed(db, found.owner, body.client_seed);
      return {
        revealed: revealed && {
          id: revealed.id,
          server_seed: revealed.serverSeed,
          server_seed_hash: revealed.serverSeedHash,
          client_seed: revealed.clientSeed,
          rounds: revealed.nonce,
        },
        fairness: { server_seed_hash: next.serverSeedHash, client_seed: next.clientSeed, nonce: next.nonce },
      };
    },
  });

  api.route({
    ...describedBy(studioApi.revealedSeeds),
    handler: async (request, reply) => {
      const found = await sessionOf(request, reply);
      if (!found) return reply;
      const seeds = await revealedSeeds(db, found.owner);
      return {
        seeds: seeds.map((seed) => ({
          id: seed.id,
          server_seed: seed.serverSeed,
          server_seed_hash: seed.serverSeedHash,
          client_seed: seed.clientSeed,
          rounds: seed.nonce,
          revealed_at: seed.revealedAt.toISOString(),
        })),
      };
    },
  });

  /**
   * Recomputes a round from its seeds, nonce, bet and actions, for anyone: the answer is what the
   * engine decides, so a player can compare it with the round they were shown.
   */
  api.route({
    ...describedBy(studioApi.verify),
    handler: async (request, reply) => {
      const body = bodyOf(reply, studioApi.verify.body.safeParse(request.body), 'game');
      if (!body) return reply;
      const title = titleOf(body.game);
      if (!title) return problem(reply, 422, 'game', 'studio.unknown_game', 'Choose one of our games.');
      if (!isServerSeed(body.server_seed)) {
        return problem(
          reply,
          422,
          'server_seed',
          'studio.invalid_server_seed',
          'A server seed is 64 hexadecimal characters.',
        );
      }
      if (!isClientSeed(body.client_seed)) {
        return problem(
          reply,
          422,
          'client_seed',
          'studio.invalid_client_seed',
          'A client seed is 1 to 64 characters without spaces.',
        );
      }
      if (!Number.isSafeInteger(body.nonce) || body.nonce < 0) {
        return problem(reply, 422, 'nonce', 'studio.invalid_nonce', 'The nonce is a whole number from 0.');
      }
      const actions = body.actions.slice(0, 40);
      const engine = engines[title.engine];
      try {
        const bet = engine.parseBet(body.bet, title.variant);
        let step = engine.start(bet, title.variant, roundRng(body.server_seed, body.client_seed, body.nonce));
        for (const input of actions) {
          if (step.finished || !engine.act || !engine.parseAction) break;
          step = engine.act(step.state, engine.parseAction(input, step.state));
        }
        return {
          server_seed_hash: hashServerSeed(body.server_seed),
          finished: step.finished,
          payout: step.finished ? step.payout : null,
          view: step.view,
        };
      } catch (error) {
        if (error instanceof BetError) return betProblem(reply, error);
        throw error;
      }
    },
  });

  /** A past round of the session's player, with its seed once revealed: the verification page's input. */
  api.route({
    ...describedBy(studioApi.round),
    handler: async (request, reply) => {
      const found = await sessionOf(request, reply);
      if (!found) return reply;
      if (!/^[0-9a-f-]{36}$/.test(request.params.id))
        return problem(reply, 404, 'round', 'studio.round_not_found', 'No such round.');
      const round = await rounds.find(found.owner, request.params.id);
      if (!round) return problem(reply, 404, 'round', 'studio.round_not_found', 'No such round.');
      const seed = await revealedSeed(db, round.seedId);
      return {
        id: round.id,
        game: round.titleId,
        status: round.status,
        stake: round.stake,
        payout: round.payout,
        bet: round.bet,
        actions: Array.isArray(round.actions) ? round.actions : [],
        view: round.view,
        client_seed: round.clientSeed,
        nonce: round.nonce,
        server_seed: seed?.serverSeed ?? null,
        created_at: round.createdAt.toISOString(),
      };
    },
  });

  function refusal(reply: FastifyReply, error: unknown) {
    if (error instanceof BetError) return betProblem(reply, error);
    if (error instanceof TooSoon) {
      // The licence's minimum game cycle: the client waits `wait_ms` (also Retry-After, in whole seconds).
      const seconds = error.cycleMs / 1000;
      void reply.header('retry-after', String(Math.ceil(error.waitMs / 1000)));
      return problem(
        reply,
        429,
        'round',
        'studio.too_soon',
        `A round of this game can start only ${seconds} seconds after the last one began.`,
        { params: { seconds, wait_ms: error.waitMs } },
      );
    }
    if (error instanceof RoundRefused) {
      // The reason (a wallet status or a round state) stays the message, as clients read it.
      return problem(reply, 409, 'round', 'studio.refused', error.reason, {
        params: { reason: error.reason },
        ...(error.balance === null ? {} : { balance: error.balance }),
      });
    }
    throw error;
  }

  // Rounds a crash or an unreachable wallet left open are finished in the background, when the host says.
  const { recovery } = options;
  const sessionFor = async (round: { sessionHash: string }) => {
    const [session] = await db
      .select()
      .from(studioSchema.studioSessions)
      .where(eq(studioSchema.studioSessions.idHash, round.sessionHash));
    return session ? purseOf(session) : null;
  };
  const runRecovery = () =>
    rounds
      .recover(sessionFor, { idleMs: recovery.idleMs, abandonMs: recovery.abandonMs })
      .catch((error: unknown) => app.log.error({ err: error }, 'round recovery failed'));
  app.decorate('studioRecovery', runRecovery);
  recovery.schedule(runRecovery);
}

/** Registered as a plugin whose decorations (studioRecovery) reach the host app. */
export const studioRoutes = fp(studioRoutesPlugin, { name: 'studio' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Finishes rounds left open; the host runs it (see StudioOptions.recovery). */
    studioRecovery?: () => Promise<unknown>;
  }
}
