import type { Jackpots } from '@chrysos/contract';
import '../../styles/jackpot.css';
import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useMoney } from '../loyalty/money';
import { useJackpots } from './use-jackpots';

/**
 * The three jackpot amounts in one line, live: the lobby's and the game page's ticker, linking to the
 * jackpot page. `compact` is the game page's, which leaves the stage its height.
 */
export function JackpotTicker({
  compact = false,
  initial = null,
}: {
  compact?: boolean;
  initial?: Jackpots | null;
}) {
  const { t, locale } = useTranslation();
  const money = useMoney(locale);
  const jackpots = useJackpots(initial);
  if (!jackpots || jackpots.tiers.length === 0) return null;
  return (
    <aside
      className={`jackpot-ticker${compact ? ' jackpot-ticker--compact' : ''}`}
      aria-label={t('jackpot.ticker.label')}
      data-jackpot-ticker
    >
      <Link className="jackpot-ticker__title" to={localizePath('/jackpot', locale)}>
        {t('jackpot.ticker.label')}
      </Link>
      <ul>
        {jackpots.tiers.map((tier) => (
          <li key={tier.id} data-jackpot-tier={tier.id} data-amount-cents={tier.amount_cents}>
            <span className="jackpot-ticker__tier">{t(`jackpot.tiers.${tier.id}`)}</span>{' '}
            <strong>{money(tier.amount_cents, jackpots.currency)}</strong>
          </li>
        ))}
      </ul>
    </aside>
  );
}
