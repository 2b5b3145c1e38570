import { localizePath } from '@chrysos/rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { isModalName } from '../../modals/registry';
import { Icon, type IconName } from '../../ui/icons/icons';
import { rememberedPlayer } from '../account/remembered-player';
import '../../styles/games.css';

export interface GamesErrorText {
  title: string;
  text: string;
  ctaText: string;
  ctaUrl: string;
}

/**
 * A `gamesError` entry (not found, restricted, unavailable, sign in): its title, text and call to
 * action. A call to action naming a modal (`#Login`) opens it; `action` replaces the link (a retry).
 */
export function GamesErrorPanel({
  entry,
  icon = 'info',
  action,
  children,
  headingLevel = 2,
}: {
  entry: GamesErrorText;
  icon?: IconName;
  action?: (() => void) | undefined;
  children?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const { locale } = useTranslation();
  const { open } = useModals();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const modal = entry.ctaUrl.startsWith('#') ? entry.ctaUrl.slice(1) : null;
  let cta: ReactNode;
  if (action) {
    cta = (
      <button type="button" className="button button--primary" onClick={action}>
        {entry.ctaText}
      </button>
    );
  } else if (modal !== null && isModalName(modal)) {
    cta = (
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          const remembered = modal === 'Login' ? rememberedPlayer() : null;
          open(modal, remembered ? { remembered } : undefined);
        }}
      >
        {entry.ctaText}
      </button>
    );
  } else {
    cta = (
      <Link className="button button--primary" to={localizePath(entry.ctaUrl, locale)}>
        {entry.ctaText}
      </Link>
    );
  }
  return (
    <div className="games-error" role="status">
      <Icon name={icon} size={40} className="games-error__icon" />
      <Heading className="games-error__title">{entry.title}</Heading>
      <p className="games-error__text">{entry.text}</p>
      <div className="games-error__actions">
        {cta}
        {children}
      </div>
    </div>
  );
}
