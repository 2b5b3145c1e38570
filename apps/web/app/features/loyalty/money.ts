import type { Currency } from '@chrysos/contract';
import type { Locale } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { fetchCurrencies } from '../cashier/api';
import { provisionalCurrency, showMoney } from '../cashier/money';

/** Amounts in their currency's format once the currencies are loaded (a provisional one before). */
export function useMoney(locale: Locale): (amountCents: number, code: string) => string {
  const [currencies, setCurrencies] = useState<Currency[]>([]);
  useEffect(() => {
    let live = true;
    void fetchCurrencies().then((loaded) => {
      if (live && loaded) setCurrencies(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return (amountCents, code) =>
    showMoney(amountCents, currencies.find((entry) => entry.code === code) ?? provisionalCurrency(code), {
      locale,
    });
}

/** Points as a player reads them: up to two decimals (a €1 slot bet earns 0.1). */
export const showPoints = (points: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'el' ? 'el-GR' : 'en-GB', { maximumFractionDigits: 2 }).format(points);
