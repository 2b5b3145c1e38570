import { type Locale, locales, localizePath } from '@chrysos/rules';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useChrome } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import { Icon, isIconName } from '../../ui/icons/icons';
import { AccountLinks } from '../account/AccountMenu';
import { chooseLanguage } from '../account/language-choice';
import { isFetched, usePlayerSession } from '../player/player-session';

/** Each language by its own name, as a reader of it looks for it. */
const languageNames: Record<Locale, string> = { en: 'English', el: 'Ελληνικά' };

/**
 * The side menu: game search, the player's account (its pages and Sign out) or the sign-in/sign-up
 * pair, the language switch, then the sections of the `menu` content collection. On a phone the header
 * keeps only what fits one row (below 2xs it leaves search and the language to this menu, issue 31
 * item 21), so everything it leaves out is here.
 */
export function MenuModal() {
  const chrome = useChrome();
  const { t } = useTranslation();
  const session = usePlayerSession();
  const { open, close } = useModals();
  const { pathname, search } = useLocation();
  if (!chrome?.menu) return null;
  const to = (path: string) => localizePath(path, chrome.locale);
  const closeMenu = () => close('Menu');
  return (
    <nav className="modal__body menu-modal">
      <button
        type="button"
        className="menu-modal__search"
        onClick={() => {
          closeMenu();
          open('SearchGames');
        }}
      >
        <Icon name="search" size={20} />
        {t('header.search')}
      </button>
      {session.status === 'loggedIn' ? (
        <section className="menu-modal__account" aria-labelledby="menu-account-title">
          <h3 id="menu-account-title">{t('header.account.label')}</h3>
          <p className="menu-modal__email">{session.email}</p>
          <AccountLinks onChoose={closeMenu} />
        </section>
      ) : isFetched(session) ? (
        <div className="menu-modal__sign-in">
          <Link to={to('/users/sign_in')} className="button button--ghost" onClick={closeMenu}>
            {t('header.signIn')}
          </Link>
          <Link to={to('/users/sign_up')} className="button button--primary" onClick={closeMenu}>
            {t('header.signUp')}
          </Link>
        </div>
      ) : null}
      <section className="menu-modal__languages" aria-labelledby="menu-language-title">
        <h3 id="menu-language-title">{t('header.language')}</h3>
        <ul>
          {locales.map((language) => (
            <li key={language}>
              <Link
                to={`${localizePath(pathname, language)}${search}`}
                hrefLang={language}
                lang={language}
                aria-current={language === chrome.locale ? 'true' : undefined}
                onClick={() => {
                  chooseLanguage(language, session.status === 'loggedIn');
                  closeMenu();
                }}
              >
                {languageNames[language]}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {chrome.menu.sections.map((section) => (
        <section key={section.title}>
          <h3>{section.title}</h3>
          <ul>
            {section.links.map((link) => (
              <li key={link.url}>
                <Link to={to(link.url)} onClick={closeMenu}>
                  {link.icon && isIconName(link.icon) ? <Icon name={link.icon} size={20} /> : null}
                  {link.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
