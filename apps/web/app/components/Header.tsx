import { type Locale, localizePath } from '@chrysos/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from './Logo';

export function Header({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const otherLocale: Locale = locale === 'en' ? 'el' : 'en';
  const to = (path: string) => localizePath(path, locale);

  return (
    <header className="header">
      <Link to={to('/')} className="header__logo" aria-label={t('header.home')}>
        <Logo />
      </Link>
      <button
        type="button"
        className="header__menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="main-navigation"
        aria-label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
        onClick={() => setMenuOpen((open) => !open)}
      >
        <span aria-hidden="true" className="header__burger" />
      </button>
      <nav
        id="main-navigation"
        aria-label={t('header.nav.label')}
        className={menuOpen ? 'header__nav header__nav--open' : 'header__nav'}
      >
        <Link to={to('/games')}>{t('header.nav.games')}</Link>
        <Link to={to('/promotions')}>{t('header.nav.promotions')}</Link>
        <Link to={to('/tournaments')}>{t('header.nav.tournaments')}</Link>
      </nav>
      <div className="header__actions">
        <Link
          to={`${localizePath(pathname, otherLocale)}${search}`}
          className="header__language"
          hrefLang={otherLocale}
          lang={otherLocale}
          title={t('header.switchTo')}
        >
          {t('header.switchToShort')}
        </Link>
        <Link to={to('/users/sign_in')} className="button button--ghost">
          {t('header.signIn')}
        </Link>
        <Link to={to('/users/sign_up')} className="button button--primary">
          {t('header.signUp')}
        </Link>
      </div>
    </header>
  );
}
