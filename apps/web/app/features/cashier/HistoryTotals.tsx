import { useTranslation } from '../../lib/i18n';
import { useRouteReload } from '../realtime/route-reload';
import type { HistoryTotals as Totals } from './api';
import type { TransactionFilters } from './history-query';
import { useWallet } from './WalletProvider';
import '../../styles/cashier.css';

const dayFormat = (locale: string) =>
  new Intl.DateTimeFormat(locale === 'el' ? 'el-GR' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * What the player's history adds up to (UK Gambling Commission RTS 1), above the list: the win/loss of
 * the filter's period and the net deposits since they joined, per currency, in their money format, as
 * the route's loader read them for the filter (`totals`, null: could not be read).
 */
export function HistoryTotals({
  filters,
  totals: loaded,
  busy,
}: {
  filters: TransactionFilters;
  totals: Totals | null;
  /** The next filter's totals are on their way. */
  busy: boolean;
}) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const reload = useRouteReload();
  const { from, to } = filters;

  const days = dayFormat(locale);
  const day = (date: string) => days.format(new Date(`${date}T00:00:00Z`));
  const period =
    from && to
      ? t('wallet.history.totals.periodBetween', { from: day(from), to: day(to) })
      : from
        ? t('wallet.history.totals.periodFrom', { from: day(from) })
        : to
          ? t('wallet.history.totals.periodTo', { to: day(to) })
          : t('wallet.history.totals.periodAll');

  return (
    <section className="history-totals" aria-labelledby="history-totals-title" aria-busy={busy}>
      <h3 id="history-totals-title" className="visually-hidden">
        {t('wallet.history.totals.title')}
      </h3>
      {loaded === null ? (
        <p className="history-totals__note" role="alert">
          {t('wallet.history.totals.failed')}{' '}
          <button type="button" className="button button--ghost" onClick={() => void reload()}>
            {t('account.tryAgain')}
          </button>
        </p>
      ) : loaded.currencies.length === 0 ? (
        <p className="history-totals__note">{t('wallet.history.totals.none')}</p>
      ) : (
        <ul className="history-totals__list">
          {loaded.currencies.map((totals) => {
            const direction = totals.win_loss_cents > 0 ? 'in' : totals.win_loss_cents < 0 ? 'out' : 'zero';
            return (
              <li key={totals.currency} className="history-totals__currency" data-currency={totals.currency}>
                <div className="history-totals__figure">
                  <span className="history-totals__label">{t('wallet.history.totals.winLoss')}</span>
                  <strong className={`amount amount--${direction}`} data-total="win-loss">
                    {wallet.money(totals.win_loss_cents, totals.currency, { signed: true, exact: true })}
                  </strong>
                  <span className="history-totals__help">
                    {t('wallet.history.totals.winLossHelp', {
                      won: wallet.money(totals.won_cents, totals.currency, { exact: true }),
                      staked: wallet.money(totals.staked_cents, totals.currency, { exact: true }),
                      period,
                    })}
                  </span>
                </div>
                <div className="history-totals__figure">
                  <span className="history-totals__label">{t('wallet.history.totals.netDeposits')}</span>
                  <strong className="amount" data-total="net-deposits">
                    {wallet.money(totals.net_deposits_cents, totals.currency, { signed: true, exact: true })}
                  </strong>
                  <span className="history-totals__help">
                    {t('wallet.history.totals.netDepositsHelp', {
                      deposited: wallet.money(totals.deposited_cents, totals.currency, { exact: true }),
                      withdrawn: wallet.money(totals.withdrawn_cents, totals.currency, { exact: true }),
                    })}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
