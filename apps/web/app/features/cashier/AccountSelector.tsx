import { localizePath } from '@chrysos/rules';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../ui/icons/icons';
import { useAccountSwitch } from './use-account-switch';
import { useWallet } from './WalletProvider';

/**
 * Spec §2 header, for a logged-in player: the active account's balance (with its real and bonus
 * money apart while it holds bonus money); opened, every account to
 * switch to, the display unit of crypto currencies (BTC, mBTC, µBTC — kept on this device), and the
 * way to the wallet pages. A disclosure: Escape or a click outside closes it.
 */
export function AccountSelector() {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { active, accounts } = wallet;

  // Closed by a click outside, by Escape (the focus returns to the toggle) and by moving to another page.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    root.current?.addEventListener('keydown', onKey);
    const container = root.current;
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      container?.removeEventListener('keydown', onKey);
    };
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close when the page changes
  useEffect(() => setOpen(false), [pathname]);

  // The header shows the new balance once the page's loaders have read the switched wallet.
  const { switching, switchTo } = useAccountSwitch((answer) => {
    if (answer.ok) {
      setOpen(false);
      toggle.current?.focus();
    } else {
      setProblem(t('wallet.accounts.switchFailed'));
    }
  });

  const ready = wallet.ready && active !== null;
  const split =
    ready && active.bonus_cents > 0
      ? `${t('bonuses.header.real')} ${wallet.money(active.amount_cents - active.bonus_cents, active.currency)} · ${t('bonuses.header.bonus')} ${wallet.money(active.bonus_cents, active.currency)}`
      : null;
  const withUnits = (accounts ?? []).filter(
    (account) => wallet.currency(account.currency).subcurrencies.length > 0,
  );

  return (
    <div className="account-selector" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="account-selector__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-busy={!ready}
        disabled={!ready}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="wallet" size={20} className="account-selector__icon" />
        <span className="account-selector__text">
          <span className="account-selector__label">{t('wallet.balance')}</span>
          <span className="account-selector__amount">
            {ready ? wallet.money(active.amount_cents, active.currency) : t('wallet.accounts.loadingShort')}
          </span>
          {split ? (
            // Real and bonus money apart (issue 16): the balance above is their sum.
            <span className="account-selector__split" data-balance-split>
              {split}
            </span>
          ) : null}
        </span>
        <Icon name="chevron-down" size={16} className="account-selector__chevron" />
      </button>
      <div id={panelId} className="account-selector__panel" hidden={!open}>
        {split ? <p className="account-selector__split-line">{split}</p> : null}
        <p className="account-selector__heading" id={`${panelId}-heading`}>
          {t('wallet.accounts.label')}
        </p>
        <ul className="account-selector__list" aria-labelledby={`${panelId}-heading`}>
          {(accounts ?? []).map((account) => (
            <li key={account.currency}>
              <button
                type="button"
                className="account-option"
                aria-current={account.active ? 'true' : undefined}
                aria-busy={switching === account.currency}
                disabled={switching !== null}
                onClick={() => {
                  if (account.active) return setOpen(false);
                  setProblem('');
                  void switchTo(account.currency);
                }}
              >
                <span className="account-option__code">{account.currency}</span>
                <span className="account-option__amount">
                  {wallet.money(account.amount_cents, account.currency)}
                </span>
                {account.active ? (
                  <span className="account-option__active">
                    <Icon name="check" size={16} />
                    <span className="visually-hidden">{t('wallet.active')}</span>
                  </span>
                ) : switching === account.currency ? (
                  <span className="spinner account-option__spinner" aria-hidden="true" />
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        {problem ? (
          <p className="form-alert" role="alert">
            {problem}
          </p>
        ) : null}
        {withUnits.map((account) => (
          <UnitChoice key={account.currency} code={account.currency} />
        ))}
        <div className="account-selector__links">
          <Link to={localizePath('/profile/wallet/balance', locale)}>{t('wallet.accounts.manage')}</Link>
          <Link to={localizePath('/profile/wallet/transactions', locale)}>
            {t('wallet.accounts.history')}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The unit a crypto currency is shown in (spec §9: subcurrencies selectable), as a radio group. */
export function UnitChoice({ code }: { code: string }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const currency = wallet.currency(code);
  const chosen = wallet.subcurrency(code) ?? code;
  const name = useId();
  const options = [{ code, symbol: currency.symbol }, ...currency.subcurrencies];
  return (
    <fieldset className="unit-choice">
      <legend>{t('wallet.accounts.showIn', { currency: code })}</legend>
      <div className="unit-choice__options">
        {options.map((option) => (
          <label key={option.code} className="unit-choice__option">
            <input
              type="radio"
              name={name}
              value={option.code}
              checked={chosen === option.code}
              onChange={() => wallet.setSubcurrency(code, option.code === code ? undefined : option.code)}
            />
            <span>{option.code}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
