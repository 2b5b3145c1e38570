import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { fetchLimits } from './api';

/** What the player's deposit limits allow in `currency` now; read again when `refresh` changes. */
export interface Allowance {
  /** The least any deposit limit of the currency leaves (0: reached); null without one. */
  remaining: number | null;
  /** No deposit limit yet, and the licence wants limits offered before the first deposit (Malta). */
  offer: boolean;
}

export function useDepositAllowance(currency: string | null, refresh = 0): Allowance {
  const [allowance, setAllowance] = useState<Allowance>({ remaining: null, offer: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when asked to (refresh)
  useEffect(() => {
    let live = true;
    void fetchLimits().then((loaded) => {
      if (!live) return;
      const left = (loaded?.limits ?? [])
        .filter((limit) => limit.kind === 'deposit' && limit.currency === currency)
        .map((limit) => limit.remaining);
      setAllowance({
        remaining: left.length > 0 ? Math.min(...left) : null,
        offer: left.length === 0 && loaded?.offered_before_first_deposit === true,
      });
    });
    return () => {
      live = false;
    };
  }, [currency, refresh]);
  return allowance;
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
