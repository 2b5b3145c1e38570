import { localizePath } from '@chrysos/rules';
import { Link, useLocation, useNavigation, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../ui/icons/icons';
import { useRouteReload } from '../realtime/route-reload';
import {
  type HistoryTotals as HistoryTotalsData,
  type TransactionsPage,
  transactionsCsvUrl,
  type WalletTransaction,
} from './api';
import { useMethodText } from './fields';
import { HistoryTotals } from './HistoryTotals';
import { historyKinds, readHistoryQuery, type TransactionFilters } from './history-query';
import { kindLabel, shownAmount } from './history-row';
import { RoundDetails } from './RoundDetails';
import { useWallet } from './WalletProvider';
import { dateTimeFormat } from './WithdrawalLists';
import '../../styles/cashier.css';

/**
 * Spec §2 /profile/wallet/transactions: the money history by type, currency and dates, a page at a
 * time, as CSV too; every amount signed and coloured by direction. The route's loader reads the page
 * of the history and the totals the address asks for (null: could not be read); a filter or another
 * page is a new address, read by the loader again.
 */
export function TransactionHistory({
  history,
  totals,
}: {
  history: TransactionsPage | null;
  totals: HistoryTotalsData | null;
}) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const reload = useRouteReload();
  const [shown, setSearch] = useSearchParams();
  // While the next filter's or page's answer is on its way, the list and totals stay as they are,
  // marked busy, and the filters show what was chosen.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const busy = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const search = busy ? new URLSearchParams(navigation.location.search) : shown;
  const { filters, badRange } = readHistoryQuery(search);
  // What the loader's answer is for.
  const answered = readHistoryQuery(shown);

  /** A changed filter starts again at page 1. */
  const setFilter = (name: keyof TransactionFilters, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  const pageHref = (target: number) => {
    const next = new URLSearchParams(search);
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    const query = next.toString();
    return `${localizePath('/profile/wallet/transactions', locale)}${query ? `?${query}` : ''}`;
  };
  const isFiltered = (chosen: TransactionFilters) =>
    Boolean(chosen.currency || chosen.kind || chosen.from || chosen.to);
  const filtered = isFiltered(filters);
  const currencies = (wallet.accounts ?? []).map((account) => account.currency);
  if (filters.currency && !currencies.includes(filters.currency)) currencies.push(filters.currency);

  return (
    <div className="profile__panel wallet-page">
      <h2>{t('wallet.history.title')}</h2>
      <p className="profile__lead">{t('wallet.history.lead')}</p>
      <form
        className="history-filters"
        aria-label={t('wallet.history.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field">
          <label htmlFor="history-kind">{t('wallet.history.kind')}</label>
          <select
            id="history-kind"
            value={filters.kind ?? ''}
            onChange={(event) => setFilter('kind', event.target.value)}
          >
            <option value="">{t('wallet.history.allKinds')}</option>
            {historyKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`wallet.history.kindFilters.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="history-currency">{t('wallet.history.currency')}</label>
          <select
            id="history-currency"
            value={filters.currency ?? ''}
            onChange={(event) => setFilter('currency', event.target.value)}
          >
            <option value="">{t('wallet.history.allCurrencies')}</option>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="history-from">{t('wallet.history.from')}</label>
          <input
            id="history-from"
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            aria-invalid={badRange ? true : undefined}
            aria-describedby={badRange ? 'history-range-problem' : undefined}
            onChange={(event) => setFilter('from', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="history-to">{t('wallet.history.to')}</label>
          <input
            id="history-to"
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            aria-invalid={badRange ? true : undefined}
            aria-describedby={badRange ? 'history-range-problem' : undefined}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </div>
        <div className="history-filters__actions">
          {filtered ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setSearch(new URLSearchParams(), { replace: true, preventScrollReset: true })}
            >
              {t('wallet.history.reset')}
            </button>
          ) : null}
          <a className="button button--ghost" href={transactionsCsvUrl(filters, locale)} download>
            <Icon name="download" size={18} />
            {t('wallet.history.csv')}
          </a>
        </div>
        {badRange ? (
          <p className="field__problem history-filters__problem" id="history-range-problem" role="alert">
            {t('wallet.history.badRange')}
          </p>
        ) : null}
      </form>

      {answered.badRange ? null : <HistoryTotals filters={answered.filters} totals={totals} busy={busy} />}

      {/* The history's place is kept from the first paint, however long it takes and whatever it holds. */}
      <div className="history-results" aria-busy={busy}>
        {answered.badRange ? null : history === null ? (
          <div className="wallet-problem">
            <p className="notice notice--error" role="alert">
              {t('wallet.history.failed')}
            </p>
            <button type="button" className="button button--ghost" onClick={() => void reload()}>
              {t('account.tryAgain')}
            </button>
          </div>
        ) : history.items.length === 0 ? (
          <div className="history-empty" role="status">
            <Icon name="history" size={36} />
            <p>
              {isFiltered(answered.filters) ? t('wallet.history.emptyFiltered') : t('wallet.history.empty')}
            </p>
            {isFiltered(answered.filters) ? null : (
              <Link to={localizePath('/profile/wallet/deposit', locale)} className="button button--primary">
                {t('wallet.history.firstDeposit')}
              </Link>
            )}
          </div>
        ) : (
          <History data={history} pageHref={pageHref} />
        )}
      </div>
    </div>
  );
}

function History({ data, pageHref }: { data: TransactionsPage; pageHref: (page: number) => string }) {
  const { t, locale } = useTranslation();
  const pages = Math.max(1, Math.ceil(data.total / data.per_page));
  const dates = dateTimeFormat(locale);
  return (
    <>
      <p className="history-count" role="status">
        {t('wallet.history.count', { total: data.total.toLocaleString(locale === 'el' ? 'el-GR' : 'en-GB') })}
      </p>
      <table className="history-table">
        <caption className="visually-hidden">{t('wallet.history.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('wallet.history.columns.date')}</th>
            <th scope="col">{t('wallet.history.columns.type')}</th>
            <th scope="col">{t('wallet.history.columns.details')}</th>
            <th scope="col" className="history-table__amount">
              {t('wallet.history.columns.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((item) => (
            <HistoryRow key={item.id} item={item} date={dates.format(new Date(item.created_at))} />
          ))}
        </tbody>
      </table>
      {pages > 1 ? (
        <nav className="pagination" aria-label={t('wallet.history.pages')}>
          {data.page > 1 ? (
            <Link to={pageHref(data.page - 1)} className="button button--ghost" rel="prev" preventScrollReset>
              <Icon name="chevron-left" size={18} />
              {t('wallet.history.previous')}
            </Link>
          ) : (
            <span />
          )}
          <span className="pagination__where" aria-current="page">
            {t('wallet.history.page', { page: data.page, pages })}
          </span>
          {data.page < pages ? (
            <Link to={pageHref(data.page + 1)} className="button button--ghost" rel="next" preventScrollReset>
              {t('wallet.history.next')}
              <Icon name="chevron-right" size={18} />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}

/** The movements of a game round: each opens the round's detail. */
const roundKinds: readonly string[] = ['bet', 'win', 'rollback'];

function HistoryRow({ item, date }: { item: WalletTransaction; date: string }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const kind = kindLabel(t, item.kind);
  const amount = shownAmount(item);
  const direction = item.amount_cents > 0 ? 'in' : item.amount_cents < 0 ? 'out' : 'zero';
  const methodText = useMethodText();
  const details: string[] = [];
  // What the player knows the movement by: the game they played, the method they paid with.
  const game = item.game_title ?? item.game_code;
  if (game) details.push(game);
  if (item.method) details.push(methodText(item.method).name);
  // A lost round is its bet alone: the win of nothing that closed it is not a row of its own.
  if (item.kind === 'bet' && item.round_win_cents === 0) details.push(t('wallet.history.noWin'));
  if (item.bonus_cents !== 0 && item.real_cents !== 0) {
    details.push(
      t('wallet.history.split', {
        real: wallet.money(item.real_cents, item.currency, { signed: true }),
        bonus: wallet.money(item.bonus_cents, item.currency, { signed: true }),
      }),
    );
  } else if (item.bonus_cents !== 0) {
    details.push(t('wallet.history.bonusMoney'));
  }
  // A payout moves no spendable money (the hold already did): say what left for the payment method.
  if (item.kind === 'payout' && item.held_cents < 0) {
    details.push(t('wallet.history.paidOut', { amount: wallet.money(-item.held_cents, item.currency) }));
  }
  return (
    <tr>
      <td data-label={t('wallet.history.columns.date')} className="history-table__date">
        {date}
      </td>
      <td data-label={t('wallet.history.columns.type')}>
        <span className={`history-kind history-kind--${direction}`}>{kind}</span>
      </td>
      <td data-label={t('wallet.history.columns.details')} className="history-table__details">
        <span className="history-table__what">{details.length > 0 ? details.join(' · ') : '—'}</span>
        {item.round && roundKinds.includes(item.kind) ? (
          <RoundDetails
            round={item.round}
            label={t('wallet.history.round.openLabel', { game: game ?? kind, date })}
          />
        ) : null}
      </td>
      <td
        data-label={t('wallet.history.columns.amount')}
        className={`history-table__amount amount amount--${direction}`}
      >
        {wallet.money(amount.cents, item.currency, { signed: amount.signed, exact: true })}
      </td>
    </tr>
  );
}
