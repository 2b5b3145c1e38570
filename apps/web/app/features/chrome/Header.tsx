import { type Locale, localizePath } from '@chrysos/rules';
import { Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { preloadableLazy } from '../../lib/preloadable-lazy';
import type { ChromeData } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import { BrandLogo } from '../../ui/BrandLogo';
import { Icon } from '../../ui/icons/icons';
import { chooseLanguage } from '../account/language-choice';
import { pageName, trackProductEvent } from '../analytics/product-events';
import { useOpenCashier } from '../cashier/cashier';
import { usePlayerSession } from '../player/player-session';
// The selector's chunk loads lazily, but the server renders it in a player's first HTML: its styles
// come with the header's, or that HTML would paint unstyled and move.
import '../../styles/account-selector.css';

/** Only a signed-in player has accounts: a visitor's first load does without the selector and menu. */
const AccountSelector = preloadableLazy(() =>
  import('../cashier/AccountSelector').then((module) => module.AccountSelector),
);
const NotificationBell = preloadableLazy(() =>
  import('../notifications/NotificationBell').then((module) => module.NotificationBell),
);
const WheelHeaderButton = preloadableLazy(() =>
  import('../wheel/WheelHeaderButton').then((module) => module.WheelHeaderButton),
);
const AccountMenu = preloadableLazy(() =>
  import('../account/AccountMenu').then((module) => module.AccountMenu),
);

/** The signed-in header's lazily loaded parts, loaded before a player's page hydrates (entry.client.tsx). */
export const preloadPlayerHeader = () =>
  Promise.all([
    AccountSelector.preload(),
    NotificationBell.preload(),
    WheelHeaderButton.preload(),
    AccountMenu.preload(),
  ]);

/**
 * Spec §2 header: logo to /, navigation links from the header collection (none on the game layout),
 * the language switch, the sign-in/sign-up pair for anonymous visitors, and for a player the account
 * selector with the active balance, the Deposit button that opens the cashier, the notifications bell
 * and the account menu (profile, wallet pages, Sign out). Everything stays on one row from 360 px up:
 * below xl the links live in the menu only, and the controls compact step by step (styles/app.css,
 * spec §9 breakpoints).
 */
export function Header({ chrome, contentLinks = true }: { chrome: ChromeData; contentLinks?: boolean }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { open } = useModals();
  const session = usePlayerSession();
  const openCashier = useOpenCashier();
  const { locale } = chrome;
  const otherLocale: Locale = locale === 'en' ? 'el' : 'en';
  const to = (path: string) => localizePath(path, locale);

  return (
    <header className={session.status === 'loggedIn' ? 'header header--player' : 'header'}>
      {contentLinks ? (
        <button
          type="button"
          className="header__menu-toggle"
          aria-label={t('header.openMenu')}
          onClick={() => open('Menu')}
        >
          <span aria-hidden="true" className="header__burger" />
        </button>
      ) : null}
      <Link to={to('/')} className="header__logo" aria-label={t('header.home')}>
        <BrandLogo logo={chrome.logo} alt={t('brand')} />
      </Link>
      {contentLinks ? (
        <nav aria-label={t('header.nav.label')} className="header__nav">
          {chrome.headerLinks.map((link) => (
            <Link key={link.url} to={to(link.url)}>
              {link.title}
            </Link>
          ))}
        </nav>
      ) : null}
      <div className="header__actions">
        <button
          type="button"
          className="icon-button header__search"
          aria-label={t('header.search')}
          title={t('header.search')}
          aria-haspopup="dialog"
          onClick={() => open('SearchGames')}
        >
          <Icon name="search" size={20} />
        </button>
        <Link
          to={`${localizePath(pathname, otherLocale)}${search}`}
          className="header__language"
          hrefLang={otherLocale}
          lang={otherLocale}
          title={t('header.switchTo')}
          onClick={() => chooseLanguage(otherLocale, session.status === 'loggedIn')}
        >
          {t('header.switchToShort')}
        </Link>
        {session.status === 'loggedIn' ? (
          <>
            <Suspense fallback={null}>
              <AccountSelector />
            </Suspense>
            <button
              type="button"
              className="button button--primary header__deposit"
              onClick={() => openCashier()}
            >
              <Icon name="deposit" size={18} className="header__deposit-icon" />
              <span className="header__deposit-text">{t('header.deposit')}</span>
            </button>
            <Suspense fallback={null}>
              <WheelHeaderButton playerId={session.id} />
            </Suspense>
            <Suspense fallback={null}>
              <NotificationBell playerId={session.id} />
            </Suspense>
            <Suspense fallback={null}>
              <AccountMenu />
            </Suspense>
          </>
        ) : (
          <>
            <Link to={to('/users/sign_in')} className="button button--ghost header__sign-in">
              {t('header.signIn')}
            </Link>
            <Link
              to={to('/users/sign_up')}
              className="button button--primary header__sign-up"
              onClick={() => trackProductEvent('header_sign_up_click', { page: pageName(pathname) })}
            >
              {t('header.signUp')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
