import type { HistoryTotals, Payment, TransactionsPage } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import type { AppContext } from '../../lib/app-context';
import { readDepositOffers } from '../bonuses/deposit-offers.server';
import { readDepositAllowance } from '../compliance/limits/deposit-allowance.server';
import { readVerification } from '../compliance/verification/verification.server';
import type { DepositFormData } from './deposit-form-data';
import { historyPerPage, historyQuery, readHistoryQuery } from './history-query';
import type { MethodsFor } from './use-methods';

/*
 * What the wallet pages show, read by their route loaders in-process as the signed-in player (decision 9),
 * so it is in the server's HTML. A visitor gets null (the profile layout asks them to sign in); a part
 * that cannot be read is null and the page says so, with a retry.
 */

const ok = <T>(answer: { ok: true; body: T } | { ok: false } | null): T | null =>
  answer?.ok ? answer.body : null;

/** The payment methods and limits in a currency. */
async function loadMethods(app: AppContext, currency: string): Promise<MethodsFor | null> {
  const methods = ok(await app.api(endpoints.cashier.methods, { query: { currency } }).catch(() => null));
  return methods ? { currency, methods } : null;
}

/**
 * What the deposit form shows for the active account's currency: its methods, the bonus offers, what
 * the deposit limits still allow and the verification status (for the notice above the form).
 */
async function loadDepositForm(app: AppContext, currency: string): Promise<DepositFormData> {
  const [methods, offers, allowance, verification] = await Promise.all([
    loadMethods(app, currency),
    readDepositOffers(app, currency),
    readDepositAllowance(app, currency),
    readVerification(app),
  ]);
  return { currency, methods, offers, allowance, verification };
}

/**
 * /profile/wallet/deposit and /deposit (whose cashier window opens over the page): the deposit form's
 * data for the active account's currency.
 */
export async function loadDepositPage(app: AppContext) {
  if (!app.player) return null;
  return { depositForm: await loadDepositForm(app, app.player.currency) };
}

/**
 * /profile/wallet/withdrawal?currency=: the methods of the account asked for (else the active one's
 * currency) and the player's withdrawals, newest first.
 */
export async function loadWithdrawalPage(app: AppContext, asked: string | null) {
  if (!app.player) return null;
  const currency = asked && /^[A-Z]{3,5}$/.test(asked) ? asked : app.player.currency;
  const [methods, payments] = await Promise.all([
    loadMethods(app, currency),
    app.api(endpoints.cashier.payments, {}).catch(() => null),
  ]);
  const withdrawals: Payment[] | null =
    ok(payments)?.filter((payment) => payment.kind === 'withdrawal') ?? null;
  return { methods, withdrawals };
}

/** /profile/wallet/transactions?…: the page of the history the address asks for, and its totals. */
export async function loadHistoryPage(app: AppContext, search: URLSearchParams, locale: Locale) {
  if (!app.player) return null;
  const { filters, page, badRange } = readHistoryQuery(search);
  if (badRange) return { history: null, totals: null };
  const [history, totals] = await Promise.all([
    app
      .api(endpoints.wallet.transactions, {
        query: { ...historyQuery(filters, locale), page, per_page: historyPerPage },
      })
      .catch(() => null),
    app
      .api(endpoints.wallet.totals, {
        query: { currency: filters.currency, from: filters.from, to: filters.to },
      })
      .catch(() => null),
  ]);
  return {
    history: ok(history) as TransactionsPage | null,
    totals: ok(totals) as HistoryTotals | null,
  };
}
