import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Icon } from '../../ui/icons/icons';
import type { HomeRow } from './HomeGameRows';
import '../../styles/games.css';

const HomeGameRows = lazy(() => import('./HomeGameRows'));

const placeholderCards = ['a', 'b', 'c', 'd', 'e', 'f'];

/** The games rows of the home page, titled as the lobby titles these categories. */
export function gameRowsOf(categories: Record<string, string> | undefined): HomeRow[] {
  if (!categories) return [];
  const rows: HomeRow[] = [];
  if (categories.popular)
    rows.push({ category: 'popular', title: categories.popular, icon: 'fire', sort: 'popularity' });
  if (categories.new) rows.push({ category: 'new', title: categories.new, icon: 'sparkles', sort: 'new' });
  return rows;
}

/**
 * Where the game rows go: their titles and the shape of their cards at once (nothing moves when they
 * fill in), their code and games once the visitor scrolls near them.
 */
export function HomeGames({ rows }: { rows: HomeRow[] }) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const placeholder = rows.map((row) => (
    <section key={row.category} className="game-row" aria-busy="true">
      <header className="game-row__head">
        <h2>
          <Icon name={row.icon} size={22} className="game-row__icon" />
          {row.title}
        </h2>
      </header>
      <ul className="game-row__list" aria-hidden="true">
        {placeholderCards.map((key) => (
          <li key={key} className="game-card game-card--skeleton">
            <span className="game-card__art" />
            <span className="game-card__body">
              <span className="skeleton-line" />
              <span className="skeleton-line skeleton-line--short" />
            </span>
          </li>
        ))}
      </ul>
    </section>
  ));
  if (rows.length === 0) return null;
  return (
    <div ref={slot} className="home-games">
      {near ? (
        <Suspense fallback={placeholder}>
          <HomeGameRows rows={rows} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
