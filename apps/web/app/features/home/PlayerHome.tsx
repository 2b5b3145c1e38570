import '../../styles/player-home.css';
import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../ui/icons/icons';
import { useOpenCashier } from '../cashier/cashier';
import { provisionalCurrency, showMoney } from '../cashier/money';
import { useWallet } from '../cashier/WalletProvider';
import { GameRow } from '../games/GameRow';
import type { PlayerHomeData } from './player-home.server';

/**
 * The top of the home page for a signed-in player (issue 35): who they are, their balance with a deposit
 * at hand, bonuses waiting for them, the games they were playing. It takes the visitor's sign-up hero's
 * place and is short on a phone, so a game shows on the first screen.
 */
export function PlayerHome({ data }: { data: PlayerHomeData }) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const openCashier = useOpenCashier();
  // The server's reading first; the wallet's own once it has read the accounts (it follows every bet).
  const account = wallet.ready ? wallet.active : data.account;
  const money = (cents: number, code: string) =>
    wallet.ready
      ? wallet.money(cents, code)
      : showMoney(cents, data.currency?.code === code ? data.currency : provisionalCurrency(code), {
          locale,
        });

  return (
    <>
      <section className="player-home" aria-labelledby="player-home-title">
        <h1 id="player-home-title" className="player-home__title">
          {data.firstName ? t('playerHome.welcome', { name: data.firstName }) : t('playerHome.welcomeNoName')}
        </h1>
        <div className="player-home__wallet">
          {account ? (
            <p className="player-home__balance">
              <span className="player-home__balance-label">{t('playerHome.balance')}</span>
              <strong data-player-home-balance>{money(account.amount_cents, account.currency)}</strong>
              {account.bonus_cents > 0 ? (
                <span className="player-home__bonus-part">
                  {t('playerHome.bonusPart', { amount: money(account.bonus_cents, account.currency) })}
                </span>
              ) : null}
            </p>
          ) : (
            <p className="player-home__balance">{t('playerHome.noBalance')}</p>
          )}
          <button type="button" className="button button--primary" onClick={() => openCashier()}>
            <Icon name="deposit" size={18} />
            {t('playerHome.deposit')}
          </button>
        </div>
        {data.waitingBonuses > 0 ? (
          <Link className="player-home__bonuses" to={localizePath('/profile/bonuses', locale)}>
            <Icon name="gift" size={18} />
            {data.waitingBonuses === 1
              ? t('playerHome.bonusWaitingOne')
              : t('playerHome.bonusWaitingMany', { count: data.waitingBonuses })}
            <Icon name="chevron-right" size={16} />
          </Link>
        ) : null}
      </section>

      {data.recent.length > 0 ? (
        <GameRow id="continue" title={t('playerHome.continue')} icon="recent" games={data.recent} />
      ) : null}
    </>
  );
}
