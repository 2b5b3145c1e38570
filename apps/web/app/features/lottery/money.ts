import type { Currency, LotteryWinner } from '@chrysos/contract';
import type { Locale } from '@chrysos/rules';
import type { Translate } from '../../lib/i18n';
import { provisionalCurrency, showMoney } from '../cashier/money';

export type ShowAmount = (amountCents: number, code: string) => string;

export function moneyFormatter(currencies: readonly Currency[], locale: Locale): ShowAmount {
  return (amountCents, code) =>
    showMoney(amountCents, currencies.find((entry) => entry.code === code) ?? provisionalCurrency(code), {
      locale,
    });
}

/** A prize in words: the money won, or the free spins. */
export function prizeText(
  winner: Pick<LotteryWinner, 'kind' | 'amount' | 'currency'>,
  t: Translate,
  money: ShowAmount,
) {
  return winner.kind === 'cash'
    ? money(winner.amount, winner.currency)
    : t('lottery.past.spins', { count: winner.amount });
}
