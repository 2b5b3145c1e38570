import { localizePath } from '@chrysos/rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../ui/icons/icons';
import { useGameBackPath } from './game-back-path';
import '../../styles/games.css';

/** The game page's bar: back to the page the player came from (spec §2), then the game's own controls. */
export function GameBar({ children }: { children?: ReactNode }) {
  const { t, locale } = useTranslation();
  const back = useGameBackPath();
  return (
    <div className="game-bar">
      <Link className="button button--ghost game-bar__back" to={back ?? localizePath('/games/all', locale)}>
        <Icon name="arrow-left" size={18} />
        <span>{t('game.back')}</span>
      </Link>
      {children}
    </div>
  );
}
