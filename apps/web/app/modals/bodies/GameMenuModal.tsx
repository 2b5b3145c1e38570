import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { Icon, isIconName } from '../../icons/icons';
import { useChrome } from '../../routes/locale';
import { useModals } from '../ModalProvider';

/** Lobby categories from the `gameMenuModal` content collection. */
export function GameMenuModal() {
  const chrome = useChrome();
  const { close } = useModals();
  if (!chrome?.gameMenu) return null;
  return (
    <nav className="modal__body game-menu-modal">
      <ul>
        {chrome.gameMenu.categories.map((category) => (
          <li key={category.url}>
            <Link to={localizePath(category.url, chrome.locale)} onClick={() => close('GameMenu')}>
              {isIconName(category.icon) ? <Icon name={category.icon} size={28} /> : null}
              <span>{category.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
