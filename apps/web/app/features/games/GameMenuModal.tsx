import { localizePath } from '@chrysos/rules';
import { Link, useLocation } from 'react-router';
import { useChrome } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import { Icon, isIconName } from '../../ui/icons/icons';

const isLobbyPath = (pathname: string) => /^(\/el)?\/games\//.test(pathname);

/**
 * Lobby categories from the `gameMenuModal` content collection. The current category is marked; going
 * from one lobby category to another keeps the page where it is, like the lobby's own chips.
 */
export function GameMenuModal() {
  const chrome = useChrome();
  const { close } = useModals();
  const { pathname } = useLocation();
  if (!chrome?.gameMenu) return null;
  const inLobby = isLobbyPath(pathname);
  const category = /^(?:\/el)?\/games\/([^/]+)/.exec(pathname)?.[1] ?? null;
  return (
    <nav className="modal__body game-menu-modal">
      <ul>
        {chrome.gameMenu.categories.map((item) => {
          const current = category !== null && item.url === `/games/${category}`;
          return (
            <li key={item.url}>
              <Link
                to={localizePath(item.url, chrome.locale)}
                preventScrollReset={inLobby}
                aria-current={current ? 'page' : undefined}
                onClick={() => close('GameMenu')}
              >
                {isIconName(item.icon) ? <Icon name={item.icon} size={28} /> : null}
                <span>{item.title}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
