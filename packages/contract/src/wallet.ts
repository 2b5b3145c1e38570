import { gamePagePath } from '@chrysos/rules';
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { localeQuery } from './info.ts';
import { oneLine } from './text.ts';

const currencyCode = z.string().regex(/^[A-Z]{3,5}$/, 'expected a currency code such as EUR');
const minorUnits = z
  .number({ error: 'expected a whole number of minor units' })
  .int('expected a whole number of minor units')
  .min(1, 'must be more than zero')
  .max(Number.MAX_SAFE_INTEGER);

/** Spec §3 Account: one per currency the player holds; amounts in minor units. */
export const account = z
  .object({
    currency: z.string(),
    /** Real plus bonus money. */
    amount_cents: z.number().int(),
    /** Real money not held for a withdrawal: what can be withdrawn now. */
    available_to_cashout_cents: z.number().int(),
    bonus_cents: z.number().int(),
    active: z.boolean(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof account>;

/** POST /player/accounts: add an account in a currency and make it the active one. */
export const switchAccountBody = z.object({ currency: currencyCode }).meta({ id: 'SwitchAccount' });

export const paymentMethod = z
  .object({
    id: z.string(),
    deposit: z.object({ min_cents: z.number().int(), max_cents: z.number().int() }),
    withdrawal: z.object({ min_cents: z.number().int(), max_cents: z.number().int() }),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethod>;

/**
 * One step of a withdrawal's timeline: requested → approved → sent (paid out to the payment method),
 * or it ends cancelled (by the player), rejected (by an operator) or failed (the payout was refused).
 */
export const withdrawalStep = z
  .object({
    step: z.enum(['requested', 'approved', 'sent', 'cancelled', 'rejected', 'failed']),
    /** When it happened; null for a step still to come. */
    at: z.iso.datetime().nullable(),
    /** For the next step only: by when the operator expects it (its configured processing times). */
    expected_by: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WithdrawalStep' });
export type WithdrawalStep = z.infer<typeof withdrawalStep>;

export const payment = z
  .object({
    id: z.uuid(),
    kind: z.enum(['deposit', 'withdrawal']),
    method: z.string(),
    currency: z.string(),
    amount_cents: z.number().int(),
    status: z.enum(['pending', 'succeeded', 'failed', 'approved', 'paid', 'cancelled', 'rejected']),
    failure_reason: z.string().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    /** A withdrawal's steps so far and still to come, in order; null for a deposit. */
    timeline: z.array(withdrawalStep).nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof payment>;

export const depositBody = z
  .object({
    currency: currencyCode,
    amount_cents: minorUnits,
    method: z.string().min(1).max(40),
    /** Deposit bonus code the player typed; honoured by the bonuses capability. */
    bonus_code: z.string().trim().max(64).check(oneLine).optional(),
    /** The game page the deposit was started on: the payment page returns there, not to the wallet. */
    return_to: z.string().max(120).regex(gamePagePath).optional(),
  })
  .meta({ id: 'Deposit' });

export const withdrawalBody = z
  .object({
    currency: currencyCode,
    amount_cents: minorUnits,
    method: z.string().min(1).max(40),
    /** The player confirmed that a bonus running in the currency is forfeited with this withdrawal. */
    forfeit_bonus: z.boolean().optional(),
  })
  .meta({ id: 'Withdrawal' });

export const depositStarted = z.object({ payment, redirect_url: z.string() }).meta({ id: 'DepositStarted' });

/** One movement in the player's history, signed from the player's side. */
export const walletTransaction = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    currency: z.string(),
    /** Change of real plus bonus money; a withdrawal hold shows as the real money it set aside. */
    amount_cents: z.number().int(),
    real_cents: z.number().int(),
    bonus_cents: z.number().int(),
    /** Change of money set aside for withdrawals: a payout sends it to the player's payment method. */
    held_cents: z.number().int(),
    game_code: z.string().nullable(),
    /** The game's title in the requested locale (`?locale=`), from the catalogue; null for other movements. */
    game_title: z.string().nullable(),
    /** The payment method of a deposit or withdrawal movement (`card`); null for other movements. */
    method: z.string().nullable(),
    /**
     * What the round of a bet paid back: 0 for a lost round (its win of nothing is not listed on its
     * own), null while the round is open and for other movements.
     */
    round_win_cents: z.number().int().nullable(),
    round: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'WalletTransaction' });
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const transactionsQuery = localeQuery.extend({
  currency: currencyCode.optional(),
  kind: z.enum(['deposit', 'withdrawal', 'game', 'bonus']).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type TransactionsQuery = z.input<typeof transactionsQuery>;

export const transactionsPage = z
  .object({
    items: z.array(walletTransaction),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'TransactionsPage' });
export type TransactionsPage = z.infer<typeof transactionsPage>;

/** The period of the history's filter (its currency and dates); no dates means since the account opened. */
export const historyTotalsQuery = transactionsQuery.pick({ currency: true, from: true, to: true });
export type HistoryTotalsQuery = z.input<typeof historyTotalsQuery>;

/**
 * What the player's history adds up to in one currency (UK Gambling Commission RTS 1), from booked
 * ledger movements, in minor units: play over the filter's period, deposits and withdrawals over the
 * account's life.
 */
export const historyCurrencyTotals = z
  .object({
    currency: z.string(),
    /** Stakes of the period's rounds, rolled-back stakes excluded (real plus bonus money). */
    staked_cents: z.number().int(),
    /** What the period's rounds paid back. */
    won_cents: z.number().int(),
    /** Winnings less stakes: negative when the player lost. */
    win_loss_cents: z.number().int(),
    /** Every deposit ever credited. */
    deposited_cents: z.number().int(),
    /** Every withdrawal ever paid out to the player's payment method. */
    withdrawn_cents: z.number().int(),
    /** Deposits less withdrawals, over the account's life. */
    net_deposits_cents: z.number().int(),
  })
  .meta({ id: 'HistoryCurrencyTotals' });
export type HistoryCurrencyTotals = z.infer<typeof historyCurrencyTotals>;

export const historyTotals = z
  .object({
    /** The period the win/loss covers (the filter's dates, inclusive); null ends are open. */
    from: z.iso.date().nullable(),
    to: z.iso.date().nullable(),
    /** One entry per currency the player has money movements in (only the filter's, if it names one). */
    currencies: z.array(historyCurrencyTotals),
  })
  .meta({ id: 'HistoryTotals' });
export type HistoryTotals = z.infer<typeof historyTotals>;

/** What a player needs to recompute a round on /provably-fair (the studio's fairness, once revealed). */
export const roundFairness = z
  .object({
    /** The studio's title id the verifier takes as its game. */
    game: z.string(),
    client_seed: z.string(),
    nonce: z.number().int(),
    server_seed_hash: z.string(),
    /** Null until the seed pair is rotated (the player changes their client seed): then it is revealed. */
    server_seed: z.string().nullable(),
    bet: z.unknown(),
    actions: z.array(z.unknown()),
  })
  .meta({ id: 'RoundFairness' });
export type RoundFairness = z.infer<typeof roundFairness>;

/** One game round of the player's history, as the ledger booked it (minor units, real plus bonus money). */
export const gameRound = z
  .object({
    round: z.string(),
    currency: z.string(),
    game_code: z.string().nullable(),
    game_title: z.string().nullable(),
    status: z.enum(['open', 'settled', 'rolled_back']),
    stake_cents: z.number().int(),
    win_cents: z.number().int(),
    /** Real plus bonus money just before the stake was taken, and after the round's last movement. */
    balance_before_cents: z.number().int(),
    balance_after_cents: z.number().int(),
    started_at: z.iso.datetime(),
    ended_at: z.iso.datetime(),
    /** Null for a studio that publishes no fairness data, or when the studio could not be reached. */
    fairness: roundFairness.nullable(),
  })
  .meta({ id: 'GameRound' });
export type GameRound = z.infer<typeof gameRound>;

/** The player's accounts and money movements (spec §7 /player/accounts, /profile/wallet/transactions). */
export const walletApi = {
  accounts: endpoint({
    method: 'GET',
    path: '/player/accounts',
    tags: ['wallet'],
    summary: "The player's currency accounts",
    responses: { 200: z.array(account), 401: errorBody },
  }),
  switchAccount: endpoint({
    method: 'POST',
    path: '/player/accounts',
    tags: ['wallet'],
    summary: 'Add an account in a currency and make it the active one',
    body: switchAccountBody,
    responses: { 200: z.array(account), 401: errorBody, 422: errorBody },
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/player/transactions',
    tags: ['wallet'],
    summary: "The player's money movements, newest first",
    query: transactionsQuery,
    responses: { 200: transactionsPage, 401: errorBody, 422: errorBody },
  }),
  totals: endpoint({
    method: 'GET',
    path: '/player/transactions/totals',
    tags: ['wallet'],
    summary: "Win/loss over the history's period and lifetime net deposits, per currency",
    query: historyTotalsQuery,
    responses: { 200: historyTotals, 401: errorBody, 422: errorBody },
  }),
  round: endpoint({
    method: 'GET',
    path: '/player/rounds/:id',
    tags: ['wallet'],
    summary: "One of the player's game rounds: stake, win, balance before and after, and how to verify it",
    params: z.object({ id: z.string().min(1).max(100) }),
    query: localeQuery,
    responses: { 200: gameRound, 401: errorBody, 404: errorBody },
  }),
  /** Answered as text/csv: a link to download, not a call to read. */
  transactionsCsv: endpoint({
    method: 'GET',
    path: '/player/transactions.csv',
    tags: ['wallet'],
    summary:
      'The same history as CSV (up to 10,000 rows), amounts in currency units, game titles in the requested locale',
    query: transactionsQuery.omit({ page: true, per_page: true }),
    responses: {
      200: z.string().meta({ description: 'text/csv; charset=utf-8, sent as an attachment' }),
      401: errorBody,
      422: errorBody,
    },
  }),
};

const paymentId = z.object({ id: z.uuid('expected a payment id') });

/** The player's cashier: methods and limits, deposits through the provider, withdrawals. */
export const cashierApi = {
  methods: endpoint({
    method: 'GET',
    path: '/payments/methods',
    tags: ['cashier'],
    summary: 'Payment methods with their limits in minor units of the currency',
    query: z.object({ currency: z.string().regex(/^[A-Z]{3,5}$/) }),
    responses: { 200: z.array(paymentMethod), 422: errorBody },
  }),
  startDeposit: endpoint({
    method: 'POST',
    path: '/payments/deposits',
    tags: ['cashier'],
    summary: "Start a deposit: the answer's redirect_url is the provider's payment page",
    body: depositBody,
    responses: { 201: depositStarted, 401: errorBody, 403: errorBody, 422: errorBody },
  }),
  requestWithdrawal: endpoint({
    method: 'POST',
    path: '/payments/withdrawals',
    tags: ['cashier'],
    summary: 'Request a withdrawal: the money is held until it is paid out, cancelled or rejected',
    body: withdrawalBody,
    responses: { 201: payment, 401: errorBody, 403: errorBody, 409: errorBody, 422: errorBody },
  }),
  cancelWithdrawal: endpoint({
    method: 'DELETE',
    path: '/payments/withdrawals/:id',
    tags: ['cashier'],
    summary: 'Cancel a withdrawal that is still awaiting approval',
    params: paymentId,
    responses: { 200: payment, 401: errorBody, 409: errorBody },
  }),
  payments: endpoint({
    method: 'GET',
    path: '/player/payments',
    tags: ['cashier'],
    summary: "The player's deposits and withdrawals, newest first",
    responses: { 200: z.array(payment), 401: errorBody },
  }),
  payment: endpoint({
    method: 'GET',
    path: '/player/payments/:id',
    tags: ['cashier'],
    summary: 'One deposit or withdrawal of the player',
    params: paymentId,
    responses: { 200: payment, 401: errorBody, 404: errorBody },
  }),
};

/**
 * The operator API the back office will use (bearer OPERATOR_API_TOKEN): withdrawals awaiting approval,
 * approve, reject.
 */
/**
 * A withdrawal as operators see it: whose it is and, above the four-eyes amount, which operator gave it its
 * first approval (`operator:<id>`; null: none yet, or one approval is enough).
 */
const operatorWithdrawal = payment.extend({
  player_id: z.uuid(),
  first_approved_by: z.string().nullable(),
  /** Why the player's withdrawals are held (no approval until lifted); null: not held. */
  hold_reason: z.string().nullable(),
});

export const cashierOperatorApi = {
  pendingWithdrawals: endpoint({
    method: 'GET',
    path: '/operator/withdrawals',
    ability: ['read', 'Withdrawal'],
    tags: ['operator'],
    summary: 'Withdrawals awaiting approval, oldest first',
    responses: { 200: z.array(operatorWithdrawal), 401: errorBody },
  }),
  approveWithdrawal: endpoint({
    method: 'POST',
    path: '/operator/withdrawals/:id/approve',
    ability: ['approve', 'Withdrawal'],
    tags: ['operator'],
    summary: 'Approve a withdrawal and send it to the provider for payout',
    description:
      "Above the four-eyes amount of its currency (WITHDRAWAL_FOUR_EYES_ABOVE) the first operator's approval is answered 202: the withdrawal stays pending until another operator approves it (200); the same operator again is refused (409, cashier.second_approver_required).",
    params: paymentId,
    responses: { 200: operatorWithdrawal, 202: operatorWithdrawal, 401: errorBody, 409: errorBody },
  }),
  rejectWithdrawal: endpoint({
    method: 'POST',
    path: '/operator/withdrawals/:id/reject',
    ability: ['approve', 'Withdrawal'],
    tags: ['operator'],
    summary: "Reject a withdrawal; its money returns to the player's balance",
    params: paymentId,
    body: z.object({ reason: z.string().trim().min(3).max(300).check(oneLine) }),
    responses: { 200: payment, 401: errorBody, 409: errorBody },
  }),
};
