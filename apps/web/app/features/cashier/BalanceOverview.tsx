import type { Account } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { UnitChoice } from './AccountSelector';
import { useOpenCashier } from './cashier';
import { WalletLoading } from './fields';
import { currencyName } from './money';
import { useWallet } from './WalletProvider';
import '../../styles/cashier.css';

/**
 * Spec §2 /profile/wallet/balance: every account with its total, withdrawable and bonus money; make
 * another one active; open an account in a currency not held yet (it becomes the active one).
 */
export function BalanceOverview() {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const openCashier = useOpenCashier();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [adding, setAdding] = useState('');
  const [addProblem, setAddProblem] = useState('');
  const to = (path: string) => localizePath(path, locale);

  async function activate(code: string, added: boolean) {
    setBusy(code);
    setMessage(null);
    const response = await wallet.switchTo(code);
    setBusy(null);
    if (response?.status === 200) {
      setMessage({
        tone: 'success',
        text: added
          ? t('wallet.balancePage.added', { currency: code })
          : t('wallet.balancePage.activated', { currency: code }),
      });
      return true;
    }
    setMessage({ tone: 'error', text: t('wallet.accounts.switchFailed') });
    return false;
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!adding) {
      setAddProblem(t('wallet.balancePage.chooseFirst'));
      document.getElementById('add-currency')?.focus();
      return;
    }
    setAddProblem('');
    if (await activate(adding, true)) setAdding('');
  }

  const held = new Set((wallet.accounts ?? []).map((account) => account.currency));
  const offered = (wallet.currencies ?? []).filter((currency) => !held.has(currency.code));
  // The active account first, then the others in the order the server lists them.
  const accounts = [...(wallet.accounts ?? [])].sort((a, b) => Number(b.active) - Number(a.active));

  return (
    <div className="profile__panel wallet-page">
      <h2>{t('wallet.balancePage.title')}</h2>
      <p className="profile__lead">{t('wallet.balancePage.lead')}</p>
      <div aria-live="polite">
        {message ? (
          <p
            className={`notice ${message.tone === 'success' ? 'notice--success' : 'notice--error'} wallet-message`}
          >
            {message.text}
          </p>
        ) : null}
      </div>
      {!wallet.ready ? (
        <WalletLoading label={t('wallet.loading')} />
      ) : (
        <>
          <ul className="account-cards">
            {accounts.map((account) => (
              <AccountCard
                key={account.currency}
                account={account}
                busy={busy}
                onActivate={() => void activate(account.currency, false)}
                onDeposit={() => openCashier('deposit')}
                withdrawTo={to(`/profile/wallet/withdrawal?currency=${account.currency}`)}
              />
            ))}
          </ul>
          <section className="add-currency" aria-labelledby="add-currency-title">
            <h3 id="add-currency-title">{t('wallet.balancePage.addTitle')}</h3>
            {offered.length === 0 ? (
              <p className="wallet-empty">{t('wallet.balancePage.allHeld')}</p>
            ) : (
              <form className="add-currency__form" noValidate onSubmit={add}>
                <div className="field">
                  <label htmlFor="add-currency">{t('wallet.balancePage.currency')}</label>
                  <select
                    id="add-currency"
                    name="currency"
                    value={adding}
                    aria-invalid={addProblem ? true : undefined}
                    aria-describedby={
                      addProblem ? 'add-currency-problem add-currency-hint' : 'add-currency-hint'
                    }
                    onChange={(event) => {
                      setAdding(event.target.value);
                      setAddProblem('');
                    }}
                  >
                    <option value="">{t('wallet.balancePage.choose')}</option>
                    {offered.map((currency) => (
                      <option key={currency.code} value={currency.code}>
                        {`${currency.code} — ${currencyName(currency.code, locale)}`}
                      </option>
                    ))}
                  </select>
                  <span className="field__hint" id="add-currency-hint">
                    {t('wallet.balancePage.addHint')}
                  </span>
                  {addProblem ? (
                    <span className="field__problem" id="add-currency-problem">
                      {addProblem}
                    </span>
                  ) : null}
                </div>
                <button
                  type="submit"
                  className="button button--primary"
                  disabled={busy !== null}
                  aria-busy={busy !== null && busy === adding}
                >
                  {t('wallet.balancePage.add')}
                </button>
              </form>
            )}
          </section>
          <p className="wallet-page__more">
            <Link to={to('/profile/wallet/transactions')}>{t('wallet.accounts.history')}</Link>
          </p>
        </>
      )}
    </div>
  );
}

function AccountCard({
  account,
  busy,
  onActivate,
  onDeposit,
  withdrawTo,
}: {
  account: Account;
  busy: string | null;
  onActivate: () => void;
  onDeposit: () => void;
  withdrawTo: string;
}) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const code = account.currency;
  const titleId = `account-${code}-title`;
  const hasUnits = wallet.currency(code).subcurrencies.length > 0;
  return (
    <li className={`account-card${account.active ? ' account-card--active' : ''}`} aria-labelledby={titleId}>
      <div className="account-card__head">
        <h3 id={titleId}>
          <span className="account-card__code">{code}</span>
          <span className="account-card__name">{currencyName(code, locale)}</span>
        </h3>
        {account.active ? <span className="badge">{t('wallet.active')}</span> : null}
      </div>
      <dl className="account-card__figures">
        <div>
          <dt>{t('wallet.total')}</dt>
          <dd className="account-card__total">{wallet.money(account.amount_cents, code)}</dd>
        </div>
        <div>
          <dt>{t('wallet.withdrawable')}</dt>
          <dd>{wallet.money(account.available_to_cashout_cents, code)}</dd>
        </div>
        <div>
          <dt>{t('wallet.bonus')}</dt>
          <dd>{wallet.money(account.bonus_cents, code)}</dd>
        </div>
      </dl>
      {hasUnits ? <UnitChoice code={code} /> : null}
      <div className="account-card__actions">
        {account.active ? (
          <button type="button" className="button button--primary" onClick={onDeposit}>
            {t('wallet.cashier.deposit')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={busy !== null}
            aria-busy={busy === code}
            aria-label={t('wallet.balancePage.makeActiveLabel', { currency: code })}
            onClick={onActivate}
          >
            {busy === code ? t('wallet.accounts.switching') : t('wallet.balancePage.makeActive')}
          </button>
        )}
        <Link
          to={withdrawTo}
          className="button button--ghost"
          aria-label={t('wallet.balancePage.withdrawLabel', { currency: code })}
        >
          {t('wallet.cashier.withdraw')}
        </Link>
      </div>
    </li>
  );
}
