import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { fetchHistoryTotals, type HistoryTotals as Totals, type TransactionFilters } from './api';
import { useWallet } from './WalletProvider';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: Totals };

const dayFormat = (locale: string) =>
  new Intl.DateTimeFormat(locale === 'el' ? 'el-GR' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * What the player's history adds up to (UK Gambling Commission RTS 1), above the list: the win/loss of
 * the filter's period and the net deposits since they joined, per currency, in their money format.
 */
export function HistoryTotals({ filters }: { filters: TransactionFilters }) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { currency, from, to } = filters;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a reload
  useEffect(() => {
    let live = true;
    setLoaded({ status: 'loading' });
    fetchHistoryTotals({ currency, from, to })
      .catch(() => null)
      .then((data) => {
        if (live) setLoaded(data ? { status: 'ready', data } : { status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [currency, from, to, attempt]);

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
    <section
      className="history-totals"
      aria-labelledby="history-totals-title"
      aria-busy={loaded.status === 'loading'}
    >
      <h3 id="history-totals-title" className="visually-hidden">
        {t('wallet.history.totals.title')}
      </h3>
      {loaded.status === 'loading' ? (
        <p className="history-totals__note">{t('wallet.history.totals.loading')}</p>
      ) : loaded.status === 'failed' ? (
        <p className="history-totals__note" role="alert">
          {t('wallet.history.totals.failed')}{' '}
          <button type="button" className="button button--ghost" onClick={() => setAttempt((n) => n + 1)}>
            {t('account.tryAgain')}
          </button>
        </p>
      ) : loaded.data.currencies.length === 0 ? (
        <p className="history-totals__note">{t('wallet.history.totals.none')}</p>
      ) : (
        <ul className="history-totals__list">
          {loaded.data.currencies.map((totals) => {
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
