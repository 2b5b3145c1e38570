import type { Account, Currency, Payment, TransactionsPage } from '@chrysos/contract';
import type { Locale } from '@chrysos/rules';
import { type ApiResponse, callApi } from '../../lib/api';

export type { TransactionsPage, WalletTransaction } from '@chrysos/contract';

/** The player API of the cashier and wallet (spec §7), typed; amounts are minor units throughout. */

export interface MethodLimits {
  min_cents: number;
  max_cents: number;
}

export interface PaymentMethod {
  id: string;
  deposit: MethodLimits;
  withdrawal: MethodLimits;
}

export type TransactionKindFilter = 'deposit' | 'withdrawal' | 'game' | 'bonus';

export interface TransactionFilters {
  currency?: string | undefined;
  kind?: TransactionKindFilter | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const list = <T>(response: ApiResponse<T[]>): T[] | null =>
  response.status === 200 && Array.isArray(response.body) ? (response.body as T[]) : null;

/** GET /player/accounts; null when it cannot be read (signed out, offline). */
export async function fetchAccounts(): Promise<Account[] | null> {
  return list(await callApi<Account[]>('GET', '/player/accounts'));
}

/** POST /player/accounts: adds the currency if new and makes it the active account. */
export function switchAccount(currency: string): Promise<ApiResponse<Account[]>> {
  return callApi<Account[]>('POST', '/player/accounts', { currency });
}

let currencies: Promise<Currency[] | null> | null = null;

/** GET /info/currencies, fetched once per page session (a failure is tried again next time). */
export function fetchCurrencies(): Promise<Currency[] | null> {
  currencies ??= callApi<Currency[]>('GET', '/info/currencies')
    .then(list)
    .catch(() => null)
    .then((loaded) => {
      if (!loaded) currencies = null;
      return loaded;
    });
  return currencies;
}

/** GET /payments/methods?currency= */
export async function fetchMethods(currency: string): Promise<PaymentMethod[] | null> {
  return list(
    await callApi<PaymentMethod[]>('GET', `/payments/methods?currency=${encodeURIComponent(currency)}`),
  );
}

export function startDeposit(body: {
  currency: string;
  amount_cents: number;
  method: string;
  bonus_code?: string;
}): Promise<ApiResponse<{ payment: Payment; redirect_url: string }>> {
  return callApi('POST', '/payments/deposits', body);
}

export function requestWithdrawal(body: {
  currency: string;
  amount_cents: number;
  method: string;
}): Promise<ApiResponse<Payment>> {
  return callApi<Payment>('POST', '/payments/withdrawals', body);
}

export function cancelWithdrawal(id: string): Promise<ApiResponse<Payment>> {
  return callApi<Payment>('DELETE', `/payments/withdrawals/${encodeURIComponent(id)}`);
}

/** GET /player/payments: deposits and withdrawals, newest first. */
export async function fetchPayments(): Promise<Payment[] | null> {
  return list(await callApi<Payment[]>('GET', '/player/payments'));
}

/** GET /player/payments/:id; null when it cannot be read, `missing` when there is no such payment. */
export async function fetchPayment(id: string): Promise<Payment | 'missing' | null> {
  const response = await callApi<Payment>('GET', `/player/payments/${encodeURIComponent(id)}`);
  if (response.status === 404 || response.status === 422) return 'missing';
  return response.status === 200 && response.body.id ? (response.body as Payment) : null;
}

/**
 * The query string of the history filters (empty ones left out), page and size when given, and the
 * language the games' titles are wanted in.
 */
export function transactionsQuery(
  filters: TransactionFilters,
  locale: Locale,
  paging?: { page: number; perPage: number },
): string {
  const query = new URLSearchParams({ locale });
  for (const key of ['currency', 'kind', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  if (paging) {
    query.set('page', String(paging.page));
    query.set('per_page', String(paging.perPage));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export async function fetchTransactions(
  filters: TransactionFilters,
  locale: Locale,
  paging: { page: number; perPage: number },
): Promise<TransactionsPage | null> {
  const response = await callApi<TransactionsPage>(
    'GET',
    `/player/transactions${transactionsQuery(filters, locale, paging)}`,
  );
  return response.status === 200 && Array.isArray(response.body.items)
    ? (response.body as TransactionsPage)
    : null;
}

/** Where the same history downloads as CSV. */
export const transactionsCsvUrl = (filters: TransactionFilters, locale: Locale) =>
  `/api/player/transactions.csv${transactionsQuery(filters, locale)}`;
