import type { TransactionsQuery } from '@chrysos/contract';
import type { Locale } from '@chrysos/rules';

/** The money history's filters and page, as its address holds them (so they survive a reload and "back"). */

export type TransactionKindFilter = NonNullable<TransactionsQuery['kind']>;
export type TransactionFilters = Pick<TransactionsQuery, 'currency' | 'kind' | 'from' | 'to'>;

export const historyPerPage = 20;
export const historyKinds: TransactionKindFilter[] = ['deposit', 'withdrawal', 'game', 'bonus'];
const isKind = (value: string | null): value is TransactionKindFilter =>
  historyKinds.includes(value as TransactionKindFilter);
const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters and page of an address; a "from" after the "to" is a bad range, read as nothing. */
export function readHistoryQuery(search: URLSearchParams): {
  filters: TransactionFilters;
  page: number;
  badRange: boolean;
} {
  const currency = search.get('currency');
  const kind = search.get('kind');
  const from = search.get('from');
  const to = search.get('to');
  const page = Number(search.get('page'));
  const filters: TransactionFilters = {
    currency: currency && /^[A-Z]{3,5}$/.test(currency) ? currency : undefined,
    kind: isKind(kind) ? kind : undefined,
    from: isDate(from) ? from : undefined,
    to: isDate(to) ? to : undefined,
  };
  return {
    filters,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    badRange: Boolean(filters.from && filters.to && filters.from > filters.to),
  };
}

/** The history filters (empty ones left out) and the language the games' titles are wanted in. */
export const historyQuery = (filters: TransactionFilters, locale: Locale) => ({
  locale,
  currency: filters.currency || undefined,
  kind: filters.kind || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
});
