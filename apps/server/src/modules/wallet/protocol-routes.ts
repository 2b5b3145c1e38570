import { routeOf } from '@chrysos/contract/fastify';
import { signatureHeader, signatureMatches, studioHeader, type WalletStatus } from '@chrysos/wallet-protocol';
import { type WalletAnswer, walletProtocolApi } from '@chrysos/wallet-protocol/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { hashToken } from '../../platform/tokens.ts';
import { BookingGroups } from './booking-groups.ts';
import { ledgerStream } from './events.ts';
import { findGameSession } from './game-sessions.ts';
import {
  AlreadyRolledBack,
  BetRolledBack,
  BetSettled,
  BonusMaxBet,
  type BookedResult,
  type Booking,
  InsufficientFunds,
  Ledger,
  type Movement,
  PlayerLimitReached,
} from './ledger.ts';
import type { WalletMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

class ProtocolError extends Error {
  readonly status: WalletStatus;
  readonly balance: number | undefined;
  constructor(status: WalletStatus, balance?: number) {
    super(status);
    this.status = status;
    this.balance = balance;
  }
}

/**
 * The seamless-wallet protocol (docs/wallet-protocol.md): balance, bet, win and rollback calls from
 * game studios, each signed, each answered with HTTP 200 and a status. Transaction ids are namespaced
 * by studio, so two studios can never collide, and are the ledger's idempotency keys.
 */
export async function walletProtocolRoutes(
  app: FastifyInstance,
  { metrics }: { metrics: WalletMetrics },
): Promise<void> {
  const { db } = app.database;
  const { wallet } = app;
  const groups = new BookingGroups(
    db,
    app.config.WALLET_BOOKING_GROUPS,
    wallet.ledger.now,
    metrics.groupedBookings,
  );
  // A Map, so a studio id such as `__proto__` or `toString` is simply one that is not configured.
  const studios = new Map(Object.entries(app.config.WALLET_STUDIOS));

  // The signature covers the exact bytes sent, so the body is kept as received before parsing.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (request, body, done) => {
      request.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, undefined);
      }
    },
  );
  // The signature is checked before the shape (authenticate), and every answer is a 200 with a status:
  // the descriptors' schemas describe the calls in the OpenAPI document and type each handler's
  // answer; the handler checks the body against its descriptor's request schema once the signature
  // holds, and the answer is written as is (its type is held by the typecheck, not at run time).
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler((error, request, reply) => {
    // Oversized or unreadable bodies are malformed requests, not server faults.
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500) return reply.code(200).send({ status: 'RS_ERROR_WRONG_SYNTAX' });
    request.log.error({ err: error }, 'wallet call failed');
    app.errorReports.report(error, request);
    return reply.code(200).send({ status: 'RS_ERROR_UNKNOWN' });
  });

  const balanceOf = (result: { real: number; bonus: number }) => result.real + result.bonus;
  const currentBalance = async (playerId: string, currency: string) =>
    balanceOf(await wallet.ledger.balances(playerId, currency));

  /**
   * Checks the signature, then the shape with the call's request schema (its descriptor's); gives the
   * studio id and the parsed request.
   */
  function authenticate<S extends z.ZodType>(
    request: FastifyRequest,
    schema: S,
  ): { studio: string; body: z.infer<S> } {
    const studio = String(request.headers[studioHeader] ?? '');
    const secret = studios.get(studio);
    const signature = String(request.headers[signatureHeader] ?? '');
    if (!secret || request.rawBody === undefined || !signatureMatches(request.rawBody, secret, signature)) {
      throw new ProtocolError('RS_ERROR_INVALID_SIGNATURE');
    }
    const parsed = schema.safeParse(request.body);
    if (!parsed.success) throw new ProtocolError('RS_ERROR_WRONG_SYNTAX');
    return { studio, body: parsed.data };
  }

  /** The game session behind a token; expiry is checked only where the call may be refused for it. */
  async function sessionFor(
    body: { token: string; user: string; currency: string },
    studio: string,
    options: { refuseExpired: boolean },
  ) {
    const session = await findGameSession(db, body.token);
    if (!session || session.playerId !== body.user || session.studio !== studio) {
      throw new ProtocolError('RS_ERROR_INVALID_TOKEN');
    }
    if (options.refuseExpired && session.expiresAt.getTime() < Date.now()) {
      throw new ProtocolError('RS_ERROR_TOKEN_EXPIRED');
    }
    if (session.currency !== body.currency) throw new ProtocolError('RS_ERROR_WRONG_CURRENCY');
    return session;
  }

  /**
   * The common case in one round trip: the call is booked in the statement that checks its session
   * (grouped with other calls arriving together, see BookingGroups). Returns undefined when nothing
   * was booked; the caller then takes the full path, which looks each thing up and says what is wrong.
   */
  async function bookInSession(
    call: 'bet' | 'win',
    body: { token: string },
    studio: string,
    movement: Movement,
  ): Promise<Booking | undefined> {
    const outcome = await groups.book({ call, tokenHash: hashToken(body.token), studio, movement });
    if ('booking' in outcome) return outcome.booking;
    if ('error' in outcome) {
      const refusal = Ledger.refusal(outcome.error);
      if (refusal) throw refusal;
      // Lost a race for the key, or failed for a reason the full path will meet and report.
    }
    return undefined;
  }

  function answer(
    body: { user: string; request_uuid: string; currency: string },
    booking: Booking,
  ): WalletAnswer {
    if (booking.status === 'conflict') throw new ProtocolError('RS_ERROR_DUPLICATE_TRANSACTION');
    // The money events' handlers (bonus wagering, comp points, tournament points) read it now.
    if (booking.status === 'booked') app.events.wake(ledgerStream.name);
    return {
      user: body.user,
      status: 'RS_OK',
      request_uuid: body.request_uuid,
      currency: body.currency,
      balance: balanceOf(booking.result),
    };
  }

  /**
   * The call's answer, or the refusal a ProtocolError stands for, echoing what the request named; timed
   * by the status the studio is answered (a fault is the error handler's RS_ERROR_UNKNOWN).
   */
  async function handle(
    call: 'balance' | 'bet' | 'win' | 'rollback',
    request: FastifyRequest,
    work: () => Promise<WalletAnswer>,
  ): Promise<WalletAnswer> {
    const timed = metrics.timeCall(call);
    try {
      const answered = await work();
      timed(answered.status);
      return answered;
    } catch (error) {
      if (!(error instanceof ProtocolError)) {
        timed('RS_ERROR_UNKNOWN');
        throw error;
      }
      timed(error.status);
      // Not necessarily the call's shape: this may be the very refusal of it.
      const body = (request.body ?? {}) as Record<string, unknown>;
      const response: WalletAnswer = { status: error.status };
      if (typeof body.user === 'string') response.user = body.user;
      if (typeof body.request_uuid === 'string') response.request_uuid = body.request_uuid;
      if (typeof body.currency === 'string') response.currency = body.currency;
      if (error.balance !== undefined) response.balance = error.balance;
      return response;
    }
  }

  const routes = app.withTypeProvider<ZodTypeProvider>();

  const keyOf = (studio: string, transaction: string) => `${studio}:${transaction}`;

  routes.route({
    ...routeOf(walletProtocolApi.balance),
    handler: (request) =>
      handle('balance', request, async () => {
        const { studio, body } = authenticate(request, walletProtocolApi.balance.body);
        const session = await sessionFor(body, studio, { refuseExpired: true });
        if (session.disabledAt) throw new ProtocolError('RS_ERROR_USER_DISABLED');
        return {
          user: body.user,
          status: 'RS_OK',
          request_uuid: body.request_uuid,
          currency: body.currency,
          balance: await currentBalance(body.user, body.currency),
        };
      }),
  });

  routes.route({
    ...routeOf(walletProtocolApi.bet),
    handler: (request) =>
      handle('bet', request, async () => {
        const { studio, body } = authenticate(request, walletProtocolApi.bet.body);
        const key = keyOf(studio, body.transaction_uuid);
        const currency = await app.referenceData.currency(body.currency);
        const withinLimits =
          currency !== undefined &&
          body.amount <= app.config.WALLET_MAX_BET * currency.subunits_to_unit &&
          (body.is_free || body.amount > 0);
        const movement = {
          key,
          playerId: body.user,
          currency: body.currency,
          round: body.round,
          gameCode: body.game_code,
          // A free bet moves no money, but its stake still tells a replay from a different call.
          fingerprint: { round: body.round, game: body.game_code, free: body.is_free, stake: body.amount },
        };
        try {
          // A free bet takes the full path: the grant that pays for it is looked up first.
          if (withinLimits && !body.is_free) {
            const booking = await bookInSession(
              'bet',
              body,
              studio,
              await wallet.betMovement({ ...movement, amount: body.amount }),
            );
            if (booking) return answer(body, booking);
          }
          // Not booked: find out why, in the order a studio is told.
          let session: Awaited<ReturnType<typeof sessionFor>> | null = null;
          try {
            session = await sessionFor(body, studio, { refuseExpired: true });
          } catch (error) {
            // A replay of a booked bet still gets its original answer after the token expired.
            const expired = error instanceof ProtocolError && error.status === 'RS_ERROR_TOKEN_EXPIRED';
            if (!expired || !(await wallet.ledger.transaction(key))) throw error;
          }
          if (session?.disabledAt) throw new ProtocolError('RS_ERROR_USER_DISABLED');
          if (!currency) throw new ProtocolError('RS_ERROR_WRONG_CURRENCY');
          if (body.amount > app.config.WALLET_MAX_BET * currency.subunits_to_unit) {
            throw new ProtocolError('RS_ERROR_LIMIT_REACHED', await currentBalance(body.user, body.currency));
          }
          if (!body.is_free && body.amount === 0) throw new ProtocolError('RS_ERROR_WRONG_SYNTAX');
          // A free spin's stake is paid by the grant behind it: the round is recorded, no money moves.
          // Without a free-spin grant of this player, game and studio nothing pays it (issue 31 item 4);
          // a replay of a booked one keeps its answer whatever became of its grant.
          if (
            body.is_free &&
            !(await wallet.ledger.transaction(key)) &&
            !(await wallet.freeBetGranted(db, {
              playerId: body.user,
              currency: body.currency,
              studio,
              gameCode: body.game_code,
            }))
          ) {
            throw new ProtocolError(
              'RS_ERROR_NOT_ENOUGH_MONEY',
              await currentBalance(body.user, body.currency),
            );
          }
          const booking = body.is_free
            ? await wallet.record('bet', movement)
            : await wallet.bet({ ...movement, amount: body.amount });
          return answer(body, booking);
        } catch (error) {
          if (error instanceof InsufficientFunds) {
            throw new ProtocolError(
              'RS_ERROR_NOT_ENOUGH_MONEY',
              await currentBalance(body.user, body.currency),
            );
          }
          // The running bonus's maximum bet (its terms): refused at bet time, nothing moves.
          // The player's own loss or wager limit (issue 17): refused at bet time, nothing moves.
          if (error instanceof BonusMaxBet || error instanceof PlayerLimitReached) {
            throw new ProtocolError('RS_ERROR_LIMIT_REACHED', await currentBalance(body.user, body.currency));
          }
          throw error;
        }
      }),
  });

  routes.route({
    ...routeOf(walletProtocolApi.win),
    handler: (request) =>
      handle('win', request, async () => {
        const { studio, body } = authenticate(request, walletProtocolApi.win.body);
        const reference = keyOf(studio, body.reference_transaction_uuid);
        const movement = {
          key: keyOf(studio, body.transaction_uuid),
          playerId: body.user,
          currency: body.currency,
          round: body.round,
          gameCode: body.game_code,
          reference,
          amount: body.amount,
          fingerprint: { round: body.round, game: body.game_code, free: body.is_free },
        };
        try {
          // Wins are never refused for an expired token: the player won while the session was live.
          const booking = await bookInSession('win', body, studio, await wallet.winMovement(movement));
          if (booking) return answer(body, booking);
          // Not booked: find out why.
          await sessionFor(body, studio, { refuseExpired: false });
          const bet = await wallet.ledger.transaction(reference);
          if (bet?.kind !== 'bet' || bet.playerId !== body.user || bet.currency !== body.currency) {
            throw new ProtocolError(
              'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
              await currentBalance(body.user, body.currency),
            );
          }
          return answer(body, await wallet.win(movement));
        } catch (error) {
          if (error instanceof BetRolledBack) {
            throw new ProtocolError(
              'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
              await currentBalance(body.user, body.currency),
            );
          }
          throw error;
        }
      }),
  });

  routes.route({
    ...routeOf(walletProtocolApi.rollback),
    handler: (request) =>
      handle('rollback', request, async () => {
        const { studio, body } = authenticate(request, walletProtocolApi.rollback.body);
        await sessionFor(body, studio, { refuseExpired: false });
        const key = keyOf(studio, body.transaction_uuid);
        const reference = keyOf(studio, body.reference_transaction_uuid);
        const movement = {
          key,
          playerId: body.user,
          currency: body.currency,
          round: body.round,
          gameCode: body.game_code,
          reference,
          fingerprint: { round: body.round, game: body.game_code },
        };
        const earlier = await wallet.ledger.transaction(key);
        if (earlier) {
          const same =
            ['rollback', 'rollback_repeat'].includes(earlier.kind) &&
            earlier.reference === reference &&
            earlier.playerId === body.user &&
            earlier.currency === body.currency &&
            earlier.round === body.round &&
            earlier.gameCode === body.game_code;
          if (!same) throw new ProtocolError('RS_ERROR_DUPLICATE_TRANSACTION');
          return answer(body, { status: 'replay', result: earlier.result as BookedResult });
        }
        let bet = await wallet.ledger.transaction(reference);
        if (!bet) {
          // The rollback overtook its bet: the bet's id is taken now, so the bet, if it comes, is refused.
          await wallet.voidUnknownBet({ key, playerId: body.user, currency: body.currency, reference });
          bet = await wallet.ledger.transaction(reference);
        }
        if (
          !bet ||
          bet.playerId !== body.user ||
          bet.currency !== body.currency ||
          !['bet', 'voided_bet'].includes(bet.kind)
        ) {
          throw new ProtocolError(
            'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
            await currentBalance(body.user, body.currency),
          );
        }
        try {
          const booking =
            bet.kind === 'bet'
              ? await wallet.rollback(movement, await wallet.ledger.entriesOf(reference))
              : await wallet.record('rollback', movement);
          return answer(body, booking);
        } catch (error) {
          // Already reversed under another rollback id: the studio's intent holds, nothing more moves,
          // and the call is recorded so its own replays answer the same.
          if (error instanceof AlreadyRolledBack) {
            return answer(body, await wallet.record('rollback_repeat', movement));
          }
          // A win already answers the bet: the round was played out and paid, so its stake stays where
          // the round put it (the win, had it come second, would have been refused the same way).
          if (error instanceof BetSettled) {
            throw new ProtocolError(
              'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
              await currentBalance(body.user, body.currency),
            );
          }
          throw error;
        }
      }),
  });
}
