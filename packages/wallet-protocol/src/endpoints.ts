import { endpoint, errorBody } from '@chrysos/contract';
import { z } from 'zod';
import { launchRequest, launchResponse } from './launch.ts';
import {
  walletBalanceRequest,
  walletBetRequest,
  walletRollbackRequest,
  walletStatuses,
  walletWinRequest,
} from './messages.ts';
import type { WalletCall } from './paths.ts';
import { roundLookupRequest, roundLookupResponse } from './round-lookup.ts';

/** The wallet's answer to every call (HTTP 200; the status says what happened). */
export const walletAnswer = z
  .object({
    user: z.uuid().optional(),
    status: z.enum(walletStatuses),
    request_uuid: z.string().optional(),
    currency: z.string().optional(),
    balance: z.number().int().optional().meta({ description: 'Real plus bonus money, in minor units' }),
  })
  .meta({ id: 'WalletAnswer' });
export type WalletAnswer = z.infer<typeof walletAnswer>;

const signed =
  "Signed: the studio's id in x-chrysos-studio, the HMAC-SHA256 of the exact body with the studio's secret " +
  'in x-chrysos-signature (docs/wallet-protocol.md)';

/**
 * The seamless-wallet protocol as endpoint descriptors, for its routes, the OpenAPI document and the
 * studios' calls. The wallet checks a call's signature before its shape, so its routes read the body
 * themselves: the schemas here describe, they do not validate in front of the handler.
 */
export const walletProtocolApi = {
  balance: endpoint({
    method: 'POST',
    base: '/wallet',
    path: '/user/balance',
    tags: ['wallet protocol'],
    summary: "The player's balance in the session's currency",
    description: signed,
    body: walletBalanceRequest,
    responses: { 200: walletAnswer },
  }),
  bet: endpoint({
    method: 'POST',
    base: '/wallet',
    path: '/transaction/bet',
    tags: ['wallet protocol'],
    summary: 'Take a stake, idempotent by transaction_uuid',
    description: signed,
    body: walletBetRequest,
    responses: { 200: walletAnswer },
  }),
  win: endpoint({
    method: 'POST',
    base: '/wallet',
    path: '/transaction/win',
    tags: ['wallet protocol'],
    summary: 'Pay a win against its bet, idempotent by transaction_uuid',
    description: signed,
    body: walletWinRequest,
    responses: { 200: walletAnswer },
  }),
  rollback: endpoint({
    method: 'POST',
    base: '/wallet',
    path: '/transaction/rollback',
    tags: ['wallet protocol'],
    summary: 'Reverse a bet, idempotent by transaction_uuid (a bet arriving after its rollback is refused)',
    description: signed,
    body: walletRollbackRequest,
    responses: { 200: walletAnswer },
  }),
};

/** What a call sends besides its request id, as the protocol's schema takes it. */
export type WalletCallFields<C extends WalletCall> = Omit<
  z.input<(typeof walletProtocolApi)[C]['body']>,
  'request_uuid'
>;

/**
 * The studio's launch call, made by the operator (launch.ts): signed like a wallet call, plus a
 * timestamp. Refusals are the API's error body with `studio.launch_*` codes: 401 the signature
 * (missing, wrong or stale), 422 a field of the request or a currency the studio does not play,
 * 404 a game it does not have. The studio reads the body itself once the signature holds.
 */
export const launchApi = {
  launch: endpoint({
    method: 'POST',
    base: '/games-api',
    path: '/launch',
    tags: ['studio'],
    summary: "The operator's launch: the studio opens a session and answers the game page's address",
    description:
      "Signed: the studio's id in x-chrysos-studio, the Unix time in x-chrysos-timestamp (within five " +
      'minutes of the studio’s clock) and the HMAC-SHA256 of `<timestamp>.<body>` with the shared secret ' +
      'in x-chrysos-signature (docs/wallet-protocol.md)',
    body: launchRequest,
    responses: { 200: launchResponse, 401: errorBody, 404: errorBody, 422: errorBody },
  }),
};

/**
 * The operator's lookup of one of its player's rounds (round-lookup.ts), signed like the launch. 401
 * the signature, 422 the request, 404 a round the studio does not have for that user.
 */
export const roundLookupApi = {
  round: endpoint({
    method: 'POST',
    base: '/games-api',
    path: '/operator/rounds',
    tags: ['studio'],
    summary: "One round of the operator's player, with what verifies it (the server seed once revealed)",
    description:
      'Signed as the launch is: x-chrysos-studio, x-chrysos-timestamp and the HMAC-SHA256 of `<timestamp>.<body>` ' +
      'in x-chrysos-signature (docs/wallet-protocol.md)',
    body: roundLookupRequest,
    responses: { 200: roundLookupResponse, 401: errorBody, 404: errorBody, 422: errorBody },
  }),
};
