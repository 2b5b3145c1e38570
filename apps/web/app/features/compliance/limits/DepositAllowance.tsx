import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { type Allowance, allowanceOf } from './allowance';
import { fetchLimits } from './api';
import '../../../styles/limits.css';

export type { Allowance } from './allowance';

/**
 * What the player's deposit limits allow in `currency` now: what the page's loader read (`known`), else
 * read here, again when `refresh` changes (the cashier window over a page that read none of it).
 */
export function useDepositAllowance(currency: string | null, refresh = 0, known: Allowance | null = null) {
  const [allowance, setAllowance] = useState<Allowance>({ remaining: null, offer: false });
  const given = known !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when asked to (refresh)
  useEffect(() => {
    if (given) return;
    let live = true;
    void fetchLimits().then((loaded) => {
      if (live) setAllowance(allowanceOf(loaded, currency));
    });
    return () => {
      live = false;
    };
  }, [currency, refresh, given]);
  return known ?? allowance;
}

/**
 * The line under the deposit amount (issue 17): how much the player's deposit limits still allow in this
 * currency (the lowest of them), or that they are reached. Without a deposit limit, where the licence
 * wants limits offered before the first deposit (Malta), a link to set them.
 */
export function DepositAllowance({
  currency,
  money,
  allowance: { remaining, offer },
}: {
  currency: string | null;
  money: (amountCents: number) => string;
  allowance: Allowance;
}) {
  const { t, locale } = useTranslation();
  if (!currency) return null;
  if (remaining === null) {
    return offer ? (
      <p className="field__hint deposit-allowance" data-deposit-limits-offer>
        {t('limits.deposit.offer')}{' '}
        <Link to={localizePath('/profile/limits', locale)}>{t('limits.deposit.offerLink')}</Link>
      </p>
    ) : null;
  }
  return (
    <p className="field__hint deposit-allowance" data-deposit-allowance aria-live="polite">
      {remaining > 0
        ? t('limits.deposit.allowance', { remaining: money(remaining) })
        : t('limits.deposit.reached')}
    </p>
  );
}
