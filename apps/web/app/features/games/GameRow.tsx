import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon, type IconName } from '../../ui/icons/icons';
import { type CardGame, GameCard, GameCardSkeleton } from './GameCard';
import '../../styles/games.css';

const skeletonKeys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const rowCardSizes = '(min-width: 768px) 200px, 42vw';

/**
 * A titled, sideways-scrolling row of games (home page, recently played): swipe on a phone, arrow
 * buttons or the scrollbar with a mouse. `games` null shows the row's shape while it loads.
 */
export function GameRow({
  id,
  title,
  icon,
  games,
  seeAll,
  skeletons = 6,
}: {
  id: string;
  title: string;
  icon?: IconName;
  games: CardGame[] | null;
  seeAll?: { to: string; label: string };
  skeletons?: number;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const element = list.current;
    if (!element) return;
    const start = element.scrollLeft <= 4;
    const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 4;
    setEdges((before) => (before.start === start && before.end === end ? before : { start, end }));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the cards change
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, games]);

  const scroll = (direction: 1 | -1) => {
    const element = list.current;
    if (!element) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({ left: direction * element.clientWidth * 0.85, behavior: reduced ? 'auto' : 'smooth' });
  };

  const headingId = `game-row-${id}`;
  return (
    <section className="game-row" aria-labelledby={headingId} aria-busy={games === null || undefined}>
      <header className="game-row__head">
        <h2 id={headingId}>
          {icon ? <Icon name={icon} size={22} className="game-row__icon" /> : null}
          {title}
        </h2>
        {seeAll ? (
          <Link className="game-row__all" to={seeAll.to}>
            {seeAll.label}
            <Icon name="chevron-right" size={16} />
          </Link>
        ) : null}
        <span className="game-row__arrows" hidden={edges.start && edges.end}>
          <button
            type="button"
            className="icon-button"
            aria-label={t('games.scrollBack')}
            aria-controls={`${headingId}-list`}
            disabled={edges.start}
            onClick={() => scroll(-1)}
          >
            <Icon name="chevron-left" size={18} />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('games.scrollOn')}
            aria-controls={`${headingId}-list`}
            disabled={edges.end}
            onClick={() => scroll(1)}
          >
            <Icon name="chevron-right" size={18} />
          </button>
        </span>
      </header>
      <ul id={`${headingId}-list`} ref={list} className="game-row__list" onScroll={measure}>
        {games === null
          ? skeletonKeys.slice(0, skeletons).map((key) => <GameCardSkeleton key={key} />)
          : games.map((game) => <GameCard key={game.identifier} game={game} sizes={rowCardSizes} />)}
      </ul>
    </section>
  );
}
