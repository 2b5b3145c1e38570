import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { Icon, isIconName } from '../../icons/icons';
import { useChrome } from '../../routes/locale';
import { useModals } from '../ModalProvider';

/** The side menu from the `menu` content collection. */
export function MenuModal() {
  const chrome = useChrome();
  const { close } = useModals();
  if (!chrome?.menu) return null;
  return (
    <nav className="modal__body menu-modal">
      {chrome.menu.sections.map((section) => (
        <section key={section.title}>
          <h3>{section.title}</h3>
          <ul>
            {section.links.map((link) => (
              <li key={link.url}>
                <Link to={localizePath(link.url, chrome.locale)} onClick={() => close('Menu')}>
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
