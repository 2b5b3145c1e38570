import { type Locale, localizePath, stripLocale } from '@chrysos/rules';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon, type IconName } from '../../ui/icons/icons';
import { useOpenCashier } from '../cashier/cashier';
import { isLoggedIn, usePlayerSession } from '../player/player-session';

/** Where a tab of the bar leads, and the pages it stands for (the one shown is marked current). */
interface Destination {
  label: string;
  icon: IconName;
  path: string;
  current: (pathname: string) => boolean;
}

/**
 * Phones only (styles/app.css): the bottom bar large casino sites have, within the thumb's reach on every
 * page of the default layout: Home, Games, Promotions, then Deposit (the cashier) and Account for a
 * player, or Sign up and Sign in for a visitor. The page leaves room below its footer, so the bar never
 * covers the end of a page.
 */
export function MobileNav({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = usePlayerSession();
  const openCashier = useOpenCashier();
  const signedIn = isLoggedIn(session);
  const to = (path: string) => localizePath(path, locale);
  const local = stripLocale(pathname);
  const destinations: Destination[] = [
    { label: t('mobileNav.home'), icon: 'home', path: '/', current: (path) => path === '/' },
    {
      label: t('mobileNav.games'),
      icon: 'slots',
      path: '/games/all',
      current: (path) => path.startsWith('/games'),
    },
    {
      label: t('mobileNav.promotions'),
      icon: 'promotions',
      path: '/promotions',
      current: (path) => path.startsWith('/promotions'),
    },
  ];
  const tab = ({ label, icon, path, current }: Destination) => (
    <li key={path}>
      <Link to={to(path)} className="mobile-nav__item" aria-current={current(local) ? 'page' : undefined}>
        <Icon name={icon} size={22} />
        <span>{label}</span>
      </Link>
    </li>
  );
  return (
    <nav className="mobile-nav" aria-label={t('mobileNav.label')}>
      <ul>
        {destinations.map(tab)}
        {signedIn ? (
          <>
            <li>
              <button
                type="button"
                className="mobile-nav__item mobile-nav__deposit"
                onClick={() => openCashier()}
              >
                <Icon name="deposit" size={22} />
                <span>{t('mobileNav.deposit')}</span>
              </button>
            </li>
            {tab({
              label: t('mobileNav.account'),
              icon: 'user',
              path: '/profile/general',
              current: (path) => path.startsWith('/profile'),
            })}
          </>
        ) : (
          <>
            {tab({
              label: t('mobileNav.signUp'),
              icon: 'user-plus',
              path: '/users/sign_up',
              current: (path) => path === '/users/sign_up',
            })}
            {tab({
              label: t('mobileNav.signIn'),
              icon: 'login',
              path: '/users/sign_in',
              current: (path) => path === '/users/sign_in',
            })}
          </>
        )}
      </ul>
    </nav>
  );
}
