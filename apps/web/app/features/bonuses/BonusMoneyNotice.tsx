import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../ui/icons/icons';
import { useWallet } from '../cashier/WalletProvider';
import { usePlayer } from '../player/player-session';
import { runningBonuses } from './bonus-lists';
import { useBonuses } from './bonuses-store';
import '../../styles/bonuses.css';

/**
 * Before and while a real-money game session runs on bonus money, the game page says so (issue 16; the
 * UK CMA undertakings: players must know when they play with bonus money): when the active account
 * holds no real money but bonus money, or a bonus of its currency is running — with that bonus's
 * maximum bet and the way to its terms.
 */
export function BonusMoneyNotice() {
  const { t, locale } = useTranslation();
  const player = usePlayer();
  const wallet = useWallet();
  const { bonuses } = useBonuses(player?.id ?? null);
  const active = wallet.active;
  if (!player || !active) return null;
  const running = runningBonuses(bonuses, active.currency);
  const onBonusMoney = active.amount_cents - active.bonus_cents <= 0 && active.bonus_cents > 0;
  if (!onBonusMoney && running.length === 0) return null;
  const maxBets = running.flatMap((bonus) => (bonus.max_bet_cents === null ? [] : [bonus.max_bet_cents]));
  const maxBet = maxBets.length > 0 ? Math.min(...maxBets) : null;
  return (
    <div className="bonus-money-notice" role="status" data-bonus-notice>
      <Icon name="info" size={18} />
      <p>
        <strong>{t('bonuses.game.bonusNotice')}</strong> {t('bonuses.game.bonusNoticeText')}
        {maxBet !== null
          ? ` ${t('bonuses.game.maxBet', { amount: wallet.money(maxBet, active.currency) })}`
          : ''}{' '}
        <Link to={localizePath('/profile/bonuses', locale)}>{t('bonuses.game.terms')}</Link>
      </p>
    </div>
  );
}
