import type { Account } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { UnitChoice } from './AccountSelector';
import { useOpenCashier } from './cashier';
import { WalletLoading } from './fields';
import { currencyName } from './money';
import type { SwitchResult } from './switch-action.server';
import { useAccountSwitch } from './use-account-switch';
import { useWallet } from './WalletProvider';
import '../../styles/cashier.css';

type Message = { tone: 'success' | 'error'; text: string } | null;

/**
 * Spec §2 /profile/wallet/balance: every account with its total, withdrawable and bonus money; make
 * another one active; open an account in a currency not held yet (it becomes the active one).
 */
export function BalanceOverview({ posted }: { posted?: SwitchResult | undefined }) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const openCashier = useOpenCashier();
  const said = (answer: SwitchResult): Message =>
    answer.ok
      ? {
          tone: 'success',
          text: t(answer.intent === 'add' ? 'wallet.balancePage.added' : 'wallet.balancePage.activated', {
            currency: answer.currency,
          }),
        }
      : { tone: 'error', text: t('wallet.accounts.switchFailed') };
  const [message, setMessage] = useState<Message>(() => (posted ? said(posted) : null));
  const [adding, setAdding] = useState('');
  const [addProblem, setAddProblem] = useState('');
  // Each switch posts to this page's action; the wallet shows it once the page's loaders have run again.
  const {
    Form,
    action,
    switching: busy,
  } = useAccountSwitch((answer) => {
    setMessage(said(answer));
    if (answer.ok && answer.intent === 'add') setAdding('');
  });
  const to = (path: string) => localizePath(path, locale);

  function add(event: FormEvent<HTMLFormElement>) {
    if (busy !== null) return event.preventDefault();
    setMessage(null);
    if (adding) return setAddProblem('');
    event.preventDefault();
    setAddProblem(t('wallet.balancePage.chooseFirst'));
    document.getElementById('add-currency')?.focus();
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
                activate={
                  <Form method="post" action={action} onSubmit={() => setMessage(null)}>
                    <input type="hidden" name="intent" value="activate" />
                    <input type="hidden" name="currency" value={account.currency} />
                    <button
                      type="submit"
                      className="button button--primary"
                      disabled={busy !== null}
                      aria-busy={busy === account.currency}
                      aria-label={t('wallet.balancePage.makeActiveLabel', { currency: account.currency })}
                    >
                      {busy === account.currency
                        ? t('wallet.accounts.switching')
                        : t('wallet.balancePage.makeActive')}
                    </button>
                  </Form>
                }
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
              <Form method="post" action={action} className="add-currency__form" noValidate onSubmit={add}>
                <input type="hidden" name="intent" value="add" />
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
              </Form>
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
  activate,
  onDeposit,
  withdrawTo,
}: {
  account: Account;
  /** The form that makes the account the active one. */
  activate: ReactNode;
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
          activate
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
