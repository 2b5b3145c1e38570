import type { Game, GameVolatility } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../ui/icons/icons';
import { useFavorite } from './favorites';
import { formatRtp } from './format';
import { GameThumb } from './GameThumb';
import '../../styles/games.css';

/** The fields a card shows; the API's Game has them all. */
export type CardGame = Pick<
  Game,
  'identifier' | 'seo_title' | 'title' | 'provider_name' | 'thumbnail' | 'rtp' | 'volatility' | 'favorite'
>;

export function VolatilityMeter({ level }: { level: GameVolatility }) {
  const bars = { low: 1, medium: 2, high: 3 }[level];
  return (
    <span className="volatility-meter" data-level={level} aria-hidden="true">
      {[1, 2, 3].map((bar) => (
        <span key={bar} className={bar <= bars ? 'volatility-meter__bar is-on' : 'volatility-meter__bar'} />
      ))}
    </span>
  );
}

export function FavoriteButton({ game }: { game: CardGame }) {
  const { t } = useTranslation();
  const { favorite, toggle } = useFavorite(game);
  return (
    <button
      type="button"
      className={favorite ? 'favorite-button is-on' : 'favorite-button'}
      aria-pressed={favorite}
      aria-label={t('games.favorite', { title: game.title })}
      title={favorite ? t('games.favoriteRemove') : t('games.favoriteAdd')}
      onClick={toggle}
    >
      <Icon name={favorite ? 'heart-filled' : 'heart'} size={20} />
    </button>
  );
}

/**
 * A game in the lobby, a row or a list: artwork, title, studio, return to player and volatility; the
 * whole card opens the game, the heart beside it marks a favourite.
 */
export function GameCard({
  game,
  sizes,
  priority = false,
  preventScrollReset = false,
}: {
  game: CardGame;
  /** How wide the card is drawn, for the artwork's srcset. */
  sizes: string;
  priority?: boolean;
  preventScrollReset?: boolean;
}) {
  const { t, locale } = useTranslation();
  return (
    <li className="game-card" data-game={game.identifier}>
      <Link
        className="game-card__link"
        to={localizePath(`/game/${game.seo_title}`, locale)}
        preventScrollReset={preventScrollReset}
      >
        <span className="game-card__art">
          <GameThumb src={game.thumbnail} title={game.title} sizes={sizes} priority={priority} />
          <span className="game-card__play" aria-hidden="true">
            <Icon name="play" size={26} />
          </span>
        </span>
        <span className="game-card__body">
          <span className="game-card__title">{game.title}</span>
          <span className="game-card__provider">{game.provider_name}</span>
          <span className="game-card__facts">
            <span className="game-card__volatility" title={t(`games.volatility.${game.volatility}`)}>
              <VolatilityMeter level={game.volatility} />
              <span className="visually-hidden">{t(`games.volatility.${game.volatility}`)}</span>
              <span aria-hidden="true">{t(`games.volatilityShort.${game.volatility}`)}</span>
            </span>
            <span className="game-card__rtp">{t('games.rtp', { rtp: formatRtp(game.rtp, locale) })}</span>
          </span>
        </span>
      </Link>
      <FavoriteButton game={game} />
    </li>
  );
}

/** A card's shape while its game loads, so the page does not shift when it arrives. */
export function GameCardSkeleton() {
  return (
    <li className="game-card game-card--skeleton" aria-hidden="true">
      <span className="game-card__art" />
      <span className="game-card__body">
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line--short" />
      </span>
    </li>
  );
}
