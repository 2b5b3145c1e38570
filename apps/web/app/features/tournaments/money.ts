import type { Currency } from '@chrysos/contract';
import type { Locale } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { fetchCurrencies } from '../cashier/api';
import { provisionalCurrency, showMoney } from '../cashier/money';

/** Prizes in their currency's format once the currencies are loaded (a provisional one before). */
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

/** Points are kept in hundredths: 1250 reads 12.5. */
export const showPoints = (points: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'el' ? 'el-GR' : 'en-GB', { maximumFractionDigits: 2 }).format(
    points / 100,
  );
