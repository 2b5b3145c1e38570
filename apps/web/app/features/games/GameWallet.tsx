import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../ui/icons/icons';
import { useOpenCashier } from '../cashier/cashier';
import { useWallet } from '../cashier/WalletProvider';
import '../../styles/games.css';

/**
 * The game bar's balance and deposit on a phone, where the site's header gives the game its height
 * (styles/games.css hides it there): the cashier opens over the game, which keeps running under it.
 */
export function GameWallet() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const openCashier = useOpenCashier();
  const active = wallet.active;
  return (
    <div className="game-bar__wallet">
      {active && wallet.ready ? (
        <span className="game-bar__balance" data-game-balance>
          <span className="visually-hidden">{t('game.balance')} </span>
          {wallet.money(active.amount_cents, active.currency)}
        </span>
      ) : null}
      <button
        type="button"
        className="icon-button game-bar__deposit"
        aria-label={t('game.deposit')}
        title={t('game.deposit')}
        onClick={() => openCashier()}
      >
        <Icon name="plus" size={20} />
      </button>
    </div>
  );
}
