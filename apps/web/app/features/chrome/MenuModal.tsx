import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useChrome } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import { Icon, isIconName } from '../../ui/icons/icons';
import { AccountLinks } from '../account/AccountMenu';
import { isFetched, usePlayerSession } from '../player/player-session';

/**
 * The side menu: game search, the player's account (its pages and Sign out) or the sign-in/sign-up
 * pair, then the sections of the `menu` content collection. On a phone the header keeps only what
 * fits one row, so everything it leaves out is here.
 */
export function MenuModal() {
  const chrome = useChrome();
  const { t } = useTranslation();
  const session = usePlayerSession();
  const { open, close } = useModals();
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
