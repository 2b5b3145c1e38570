import { urlOf } from '@chrysos/contract/client';
import { signedHeaders, type WalletCall, type WalletStatus } from '@chrysos/wallet-protocol';
import {
  type WalletAnswer,
  type WalletCallFields,
  walletProtocolApi,
} from '@chrysos/wallet-protocol/endpoints';

/**
 * The only way the studio touches money: the casino's seamless-wallet protocol (docs/wallet-protocol.md),
 * signed with the studio's secret, exactly as a third-party studio calls it.
 */
export type { WalletAnswer, WalletStatus };

/** Sends one signed request and gives back the HTTP status and body; throws when nothing came back. */
export type WalletTransport = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

/** The call's outcome is unknown: the wallet did not answer (or answered garbage) after every retry. */
export class WalletUnavailable extends Error {
  constructor(path: string, cause: unknown) {
    super(`wallet ${path} did not answer`, { cause });
  }
}

export interface Player {
  user: string;
  token: string;
  currency: string;
}

export interface RetryPolicy {
  attempts: number;
  /** First pause; each later one doubles, with up to 50% jitter so studios do not retry in step. */
  baseDelayMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class WalletClient {
  readonly #transport: WalletTransport;
  readonly #studio: string;
  readonly #secret: string;
  readonly #retry: RetryPolicy;
  readonly #newRequestId: () => string;

  constructor(options: {
    transport: WalletTransport;
    studio: string;
    secret: string;
    retry?: RetryPolicy;
    newRequestId?: () => string;
  }) {
    this.#transport = options.transport;
    this.#studio = options.studio;
    this.#secret = options.secret;
    this.#retry = options.retry ?? { attempts: 5, baseDelayMs: 200 };
    this.#newRequestId = options.newRequestId ?? (() => crypto.randomUUID());
  }

  balance(player: Player, gameCode: string): Promise<WalletAnswer> {
    return this.#call('balance', { ...player, game_code: gameCode });
  }

  bet(
    player: Player,
    call: { transaction: string; round: string; gameCode: string; amount: number; free?: boolean },
  ): Promise<WalletAnswer> {
    return this.#call('bet', {
      ...player,
      game_code: call.gameCode,
      transaction_uuid: call.transaction,
      round: call.round,
      round_closed: false,
      is_free: call.free ?? false,
      amount: call.amount,
    });
  }

  win(
    player: Player,
    call: {
      transaction: string;
      reference: string;
      round: string;
      gameCode: string;
      amount: number;
      free?: boolean;
    },
  ): Promise<WalletAnswer> {
    return this.#call('win', {
      ...player,
      game_code: call.gameCode,
      transaction_uuid: call.transaction,
      reference_transaction_uuid: call.reference,
      round: call.round,
      round_closed: true,
      is_free: call.free ?? false,
      amount: call.amount,
    });
  }

  rollback(
    player: Player,
    call: { transaction: string; reference: string; round: string; gameCode: string },
  ): Promise<WalletAnswer> {
    return this.#call('rollback', {
      ...player,
      game_code: call.gameCode,
      transaction_uuid: call.transaction,
      reference_transaction_uuid: call.reference,
      round: call.round,
      round_closed: true,
    });
  }

  /**
   * Sends a call until the wallet gives a definite answer. Transaction ids make every retry safe: the
   * wallet books a transaction once and answers its replays with the original response.
   */
  async #call<C extends WalletCall>(call: C, fields: WalletCallFields<C>): Promise<WalletAnswer> {
    const path = urlOf(walletProtocolApi[call]);
    let lastError: unknown;
    for (let attempt = 0; attempt < this.#retry.attempts; attempt++) {
      if (attempt > 0) {
        const pause = this.#retry.baseDelayMs * 2 ** (attempt - 1);
        await sleep(pause * (1 + Math.random() * 0.5));
      }
      const body = JSON.stringify({ ...fields, request_uuid: this.#newRequestId() });
      try {
        const response = await this.#transport(path, body, signedHeaders(this.#studio, body, this.#secret));
        if (response.status !== 200) {
          lastError = new Error(`HTTP ${response.status}`);
          continue;
        }
        const answer = JSON.parse(response.body) as WalletAnswer;
        // An unknown failure on the wallet's side says nothing of whether the call was booked.
        if (answer.status === 'RS_ERROR_UNKNOWN') {
          lastError = new Error('RS_ERROR_UNKNOWN');
          continue;
        }
        return answer;
      } catch (error) {
        lastError = error;
      }
    }
    throw new WalletUnavailable(path, lastError);
  }
}
