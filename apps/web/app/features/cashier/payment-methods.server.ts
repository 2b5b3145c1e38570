import type { ContentData } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';

/** A method's limits in whole units of the currency, as the page prints them. */
export interface ShownLimits {
  depositMin: number;
  depositMax: number;
  /** Null when the method pays no withdrawals in the currency. */
  withdrawalMin: number | null;
  withdrawalMax: number | null;
}

/**
 * The /payments table: each method from the `payments` collection with the limits the cashier itself
 * enforces in one currency (the one asked for, else the player's, else EUR, else the first offered),
 * read from GET /api/payments/methods, so the page and the cashier cannot disagree.
 */
export async function paymentMethodsTable(
  app: AppContext,
  entries: ContentData<'payments'>[],
  asked: string | undefined,
) {
  const currencies = await app.api(endpoints.info.currencies, {});
  const offered = currencies.ok ? currencies.body : [];
  const codes = offered.map((entry) => entry.code);
  const currency =
    [asked, app.player?.currency, 'EUR'].find((code) => code !== undefined && codes.includes(code)) ??
    codes[0] ??
    'EUR';
  const subunits = offered.find((entry) => entry.code === currency)?.subunits_to_unit ?? 100;
  const answer = await app.api(endpoints.cashier.methods, { query: { currency } });
  const cashier = answer.ok ? answer.body : [];
  const units = (cents: number) => cents / subunits;
  const methods = entries.map((entry) => {
    const enforced = cashier.find((method) => method.id === entry.method);
    const limits: ShownLimits | null = enforced
      ? {
          depositMin: units(enforced.deposit.min_cents),
          depositMax: units(enforced.deposit.max_cents),
          withdrawalMin: enforced.withdrawal.max_cents > 0 ? units(enforced.withdrawal.min_cents) : null,
          withdrawalMax: enforced.withdrawal.max_cents > 0 ? units(enforced.withdrawal.max_cents) : null,
        }
      : null;
    return { ...entry, limits };
  });
  return { methods, currencies: codes, currency };
}
