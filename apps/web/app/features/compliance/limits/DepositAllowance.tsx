import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { fetchLimits } from './api';

/**
 * The line under the deposit amount (issue 17): how much the player's deposit limits still allow in this
 * currency (the lowest of them), or that they are reached. Nothing without a deposit limit. Read again
 * when `refresh` changes (after a refused deposit).
 */
export function DepositAllowance({
  currency,
  money,
  refresh = 0,
}: {
  currency: string | null;
  money: (amountCents: number) => string;
  refresh?: number;
}) {
  const { t } = useTranslation();
  const [remaining, setRemaining] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when asked to (refresh)
  useEffect(() => {
    let live = true;
    void fetchLimits().then((loaded) => {
      if (!live) return;
      const left = (loaded?.limits ?? [])
        .filter((limit) => limit.kind === 'deposit' && limit.currency === currency)
        .map((limit) => limit.remaining);
      setRemaining(left.length > 0 ? Math.min(...left) : null);
    });
    return () => {
      live = false;
    };
  }, [currency, refresh]);
  if (remaining === null || !currency) return null;
  return (
    <p className="field__hint deposit-allowance" data-deposit-allowance aria-live="polite">
      {remaining > 0
        ? t('limits.deposit.allowance', { remaining: money(remaining) })
        : t('limits.deposit.reached')}
    </p>
  );
}
