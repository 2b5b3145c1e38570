import type { Account, Currency, GameRound, PaymentMethod } from '@chrysos/contract';
import { endpoints, urlOf } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import { api } from '../../lib/api';
import { historyQuery, type TransactionFilters } from './history-query';

export type {
  GameRound,
  HistoryTotals,
  PaymentMethod,
  TransactionsPage,
  WalletTransaction,
} from '@chrysos/contract';

/** The cashier's and the wallet's calls of the player API (spec §7); amounts are minor units throughout. */

/** GET /player/accounts; null when it cannot be read (signed out, offline). */
export async function fetchAccounts(): Promise<Account[] | null> {
  const answer = await api(endpoints.wallet.accounts, {});
  return answer.ok ? answer.body : null;
}

let currencies: Promise<Currency[] | null> | null = null;

/** GET /info/currencies, fetched once per page session (a failure is tried again next time). */
export function fetchCurrencies(): Promise<Currency[] | null> {
  currencies ??= api(endpoints.info.currencies, {})
    .then((answer) => (answer.ok ? answer.body : null))
    .catch(() => null)
    .then((loaded) => {
      if (!loaded) currencies = null;
      return loaded;
    });
  return currencies;
}

/** GET /payments/methods?currency= */
export async function fetchMethods(currency: string): Promise<PaymentMethod[] | null> {
  const answer = await api(endpoints.cashier.methods, { query: { currency } });
  return answer.ok ? answer.body : null;
}

/** GET /player/payments/:id; null when it cannot be read, `missing` when there is no such payment. */
export async function fetchPayment(id: string) {
  const answer = await api(endpoints.cashier.payment, { params: { id } });
  if (answer.status === 404 || answer.status === 422) return 'missing';
  return answer.ok ? answer.body : null;
}

/** GET /player/rounds/:id: one round of the player's, with what verifies it; null when it cannot be read. */
export async function fetchRound(round: string, locale: Locale): Promise<GameRound | null> {
  const answer = await api(endpoints.wallet.round, { params: { id: round }, query: { locale } });
  return answer.ok ? answer.body : null;
}

/** Where the same history downloads as CSV. */
export const transactionsCsvUrl = (filters: TransactionFilters, locale: Locale) =>
  urlOf(endpoints.wallet.transactionsCsv, { query: historyQuery(filters, locale) });
