import { localizePath } from '@chrysos/rules';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { type CashierModalData, type CashierTab, cashierTabFromHash } from './cashier-rules';
import { DepositForm } from './DepositForm';
import { useRouteDepositForm } from './deposit-form-data';
import { WalletLoading } from './fields';
import { currencyName } from './money';
import { useWallet } from './WalletProvider';
import { WithdrawForm } from './WithdrawForm';
import '../../styles/cashier.css';

const tabs: CashierTab[] = ['deposit', 'withdraw'];

/**
 * The CashierAuth modal (spec §2): Deposit and Withdraw tabs for the active account. It starts again
 * from scratch in the new language when the player switches locale.
 */
export function CashierModal() {
  const { locale } = useTranslation();
  return <Cashier key={locale} />;
}

function Cashier() {
  const { t, locale } = useTranslation();
  const { stack, close } = useModals();
  const wallet = useWallet();
  // What the page's loader read for the form (/deposit, the wallet's deposit page), so it opens whole.
  const depositForm = useRouteDepositForm();
  const data = stack.find((modal) => modal.name === 'CashierAuth')?.data as
    | Partial<CashierModalData>
    | undefined;
  const [tab, setTab] = useState<CashierTab>(
    () => data?.tab ?? (typeof window === 'undefined' ? 'deposit' : cashierTabFromHash(window.location.hash)),
  );
  // Opened again on another tab (say, Withdraw while Deposit shows): that tab.
  useEffect(() => {
    if (data?.tab) setTab(data.tab);
  }, [data]);
  const tabRefs = useRef<Record<CashierTab, HTMLButtonElement | null>>({ deposit: null, withdraw: null });
  const { active } = wallet;
  const to = (path: string) => localizePath(path, locale);

  // Arrow keys, Home and End move between the tabs (WAI-ARIA tabs pattern, automatic activation).
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs.at(-1)
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="modal__body cashier">
      {active && wallet.ready ? (
        <div className="cashier__account">
          <div>
            <span className="cashier__account-label">
              {t('wallet.cashier.account', { currency: currencyName(active.currency, locale) })}
            </span>
            <span className="cashier__account-balance">
              {wallet.money(active.amount_cents, active.currency)}
            </span>
          </div>
          <Link
            to={to('/profile/wallet/balance')}
            className="cashier__account-change"
            onClick={() => close('CashierAuth')}
          >
            {t('wallet.cashier.change')}
          </Link>
        </div>
      ) : null}
      <div className="cashier__tabs" role="tablist" aria-label={t('modals.names.CashierAuth')}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(node) => {
              tabRefs.current[name] = node;
            }}
            type="button"
            role="tab"
            id={`cashier-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`cashier-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="cashier__tab"
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {t(`wallet.cashier.${name}`)}
          </button>
        ))}
      </div>
      <div
        className="cashier__panel"
        role="tabpanel"
        id={`cashier-panel-${tab}`}
        aria-labelledby={`cashier-tab-${tab}`}
      >
        {!wallet.ready ? (
          <WalletLoading label={t('wallet.loading')} />
        ) : tab === 'deposit' ? (
          <DepositForm idPrefix="cashier-deposit" known={depositForm} />
        ) : (
          <>
            <WithdrawForm idPrefix="cashier-withdraw" currency={active?.currency ?? null} />
            <p className="cashier__more">
              <Link to={to('/profile/wallet/withdrawal')} onClick={() => close('CashierAuth')}>
                {t('wallet.cashier.withdrawals')}
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
