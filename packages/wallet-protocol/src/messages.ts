import { messageFor, plainText } from '@chrysos/rules';
import { z } from 'zod';

/** Ids and tokens are stored with each transaction: no control characters (PostgreSQL cannot store NUL). */
const oneLine = z.refine<string>((value) => plainText(value) === null, {
  message: messageFor({ key: 'characters' }),
});

/**
 * The seamless-wallet protocol game studios call (modelled on the public Hub88 wallet API). Every
 * request is JSON signed with the studio's secret; every answer is HTTP 200 with a status. Amounts
 * are whole minor units of the currency (cents for EUR). See docs/wallet-protocol.md.
 */
export const walletStatuses = [
  'RS_OK',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_UNKNOWN',
] as const;
export type WalletStatus = (typeof walletStatuses)[number];

const id = z.string().min(1).max(100).check(oneLine);
const minorUnits = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const base = {
  user: z.uuid(),
  request_uuid: id,
  token: z.string().min(1).max(200).check(oneLine),
  game_code: id,
  currency: z.string().regex(/^[A-Z]{3,5}$/),
};

export const walletBalanceRequest = z.object(base);

export const walletBetRequest = z.object({
  ...base,
  transaction_uuid: id,
  round: id,
  round_closed: z.boolean().default(false),
  is_free: z.boolean().default(false),
  amount: minorUnits,
  supplier_transaction_id: id.optional(),
});

export const walletWinRequest = walletBetRequest.extend({ reference_transaction_uuid: id });

export const walletRollbackRequest = z.object({
  ...base,
  transaction_uuid: id,
  reference_transaction_uuid: id,
  round: id,
  round_closed: z.boolean().default(true),
});

/** The wallet's answer to every call: HTTP 200, with the status saying what happened. */
export interface WalletResponse {
  user?: string;
  status: WalletStatus;
  request_uuid?: string;
  currency?: string;
  /** Real plus bonus money, in minor units. */
  balance?: number;
}
