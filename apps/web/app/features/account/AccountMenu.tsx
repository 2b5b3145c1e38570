import { localizePath } from '@chrysos/rules';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon, type IconName } from '../../ui/icons/icons';
import { useOpenCashier } from '../cashier/cashier';
import { breakParameter } from '../compliance/exclusions/break-link';
import { usePlayerSession } from '../player/player-session';
import { useSignOut } from './sign-out';

/**
 * The signed-in player's own pages, in the order both the header's account menu and the side menu
 * list them. Deposit opens the cashier where the player is, like the header's Deposit button. The last
 * is the panic button safer-gambling rules ask for: a 24-hour break, one confirmation away.
 */
export const accountEntries: readonly { id: string; icon: IconName; path: string | null }[] = [
  { id: 'profile', icon: 'user', path: '/profile/general' },
  { id: 'balance', icon: 'wallet', path: '/profile/wallet/balance' },
  { id: 'deposit', icon: 'deposit', path: null },
  { id: 'withdraw', icon: 'withdraw', path: '/profile/wallet/withdrawal' },
  { id: 'transactions', icon: 'history', path: '/profile/wallet/transactions' },
  { id: 'security', icon: 'shield', path: '/profile/general/security' },
  { id: 'takeBreak', icon: 'clock', path: `/profile/limits?${breakParameter}=24h` },
];

/** The account entries and Sign out; `onChoose` runs first (it closes the menu they sit in). */
export function AccountLinks({ onChoose }: { onChoose: () => void }) {
  const { t, locale } = useTranslation();
  const openCashier = useOpenCashier();
  const signOut = useSignOut();
  return (
    <ul className="account-links">
      {accountEntries.map((entry) => (
        <li key={entry.id}>
          {entry.path ? (
            <Link to={localizePath(entry.path, locale)} className="account-links__item" onClick={onChoose}>
              <Icon name={entry.icon} size={20} />
              {t(`header.account.${entry.id}`)}
            </Link>
          ) : (
            <button
              type="button"
              className="account-links__item"
              onClick={() => {
                onChoose();
                openCashier();
              }}
            >
              <Icon name={entry.icon} size={20} />
              {t(`header.account.${entry.id}`)}
            </button>
          )}
        </li>
      ))}
      <li className="account-links__sign-out">
        <button
          type="button"
          className="account-links__item"
          onClick={() => {
            onChoose();
            void signOut();
          }}
        >
          <Icon name="logout" size={20} />
          {t('auth.signOut')}
        </button>
      </li>
    </ul>
  );
}

/**
 * The header's account button (the player's initial; the email too on wide screens) and the menu it
 * discloses: the account pages and Sign out. Escape, a click outside, the focus leaving it and a new
 * page close it; Escape gives the focus back to the button.
 */
export function AccountMenu() {
  const { t, locale } = useTranslation();
  const session = usePlayerSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const container = root.current;
    const onPointer = (event: PointerEvent) => {
      if (!container?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !container?.contains(next)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    container?.addEventListener('keydown', onKey);
    container?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      container?.removeEventListener('keydown', onKey);
      container?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close when the page changes
  useEffect(() => setOpen(false), [pathname]);

  if (session.status !== 'loggedIn') return null;
  const { email } = session;
  const initial = [...(session.player.first_name?.trim() || email)][0]?.toLocaleUpperCase(locale) ?? '';

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        title={email}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="visually-hidden">{t('header.account.label')}</span>
        <span className="header__account">{email}</span>
        <Icon name="chevron-down" size={16} className="account-menu__chevron" />
      </button>
      <nav id={panelId} className="account-menu__panel" aria-label={t('header.account.label')} hidden={!open}>
        <p className="account-menu__who">
          {t('header.account.signedInAs')}
          <strong>{email}</strong>
        </p>
        <AccountLinks onChoose={() => setOpen(false)} />
      </nav>
    </div>
  );
}
