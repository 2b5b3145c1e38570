import type { Game, GamesPage } from '@chrysos/contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { usePlayer } from '../player/player-session';
import { countText } from './format';
import { GameCard } from './GameCard';
import { fetchGamesPage } from './games-api';
import { filterBody, filterKey, type LobbyFilter } from './lobby-filters';
import { appendPage, firstPage, mayAutoLoad, type PagedList } from './pagination';
import '../../styles/games.css';

export const lobbyPageSize = 24;
const gridCardSizes = '(min-width: 1280px) 200px, (min-width: 768px) 22vw, 46vw';

/**
 * The pages loaded per filter during this visit, so coming back to the lobby from a game shows the
 * same cards and the scroll position restored by the router lands on the same game.
 */
const loaded = new Map<string, { list: PagedList<Game>; autoLoads: number }>();
const keptFilters = 8;

function keep(key: string, entry: { list: PagedList<Game>; autoLoads: number }) {
  loaded.delete(key);
  loaded.set(key, entry);
  if (loaded.size > keptFilters) loaded.delete(loaded.keys().next().value as string);
}

/** The first page as the server read it now, then whatever was loaded after it before. */
function withFreshFirstPage(first: GamesPage, before: PagedList<Game> | undefined): PagedList<Game> {
  const fresh = firstPage(first);
  if (!before || before.games.length <= fresh.games.length) return fresh;
  return appendPage(fresh, {
    games: before.games,
    pagination: { page: 0, total: before.total, next_page: before.nextPage },
  });
}

/**
 * The lobby's grid: the first page rendered on the server, then the next pages as the visitor scrolls
 * near the end (IntersectionObserver), and a "Show more games" button for when that is not available,
 * failed, or after a few pages so the footer stays reachable.
 */
export function LobbyGrid({
  filter,
  first,
  loadMoreText,
}: {
  filter: LobbyFilter;
  first: GamesPage;
  loadMoreText: string;
}) {
  const { t, locale } = useTranslation();
  // Pages carry the player's favourite marks: each player (or visitor) has their own.
  const key = `${usePlayer()?.id ?? 'visitor'} ${locale} ${filterKey(filter)}`;
  const [list, setList] = useState(() => withFreshFirstPage(first, loaded.get(key)?.list));
  const [status, setStatus] = useState({
    loading: false,
    failed: false,
    autoLoads: loaded.get(key)?.autoLoads ?? 0,
  });
  const grid = useRef<HTMLUListElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);

  // A revalidation (sign-in, account switch) brings a fresh first page: keep what was loaded after it.
  const firstSeen = useRef(first);
  useEffect(() => {
    if (firstSeen.current === first) return;
    firstSeen.current = first;
    setList((before) => withFreshFirstPage(first, before));
  }, [first]);

  useEffect(() => {
    keep(key, { list, autoLoads: status.autoLoads });
  }, [key, list, status.autoLoads]);

  const now = useRef({ list, status });
  now.current = { list, status };

  // Set at once, before React re-renders: the observer and the button may ask in the same moment.
  const asking = useRef(false);
  const loadMore = useCallback(
    (by: 'scroll' | 'button') => {
      const { list: current } = now.current;
      if (asking.current || current.nextPage === null) return;
      asking.current = true;
      const page = current.nextPage;
      setStatus((before) => ({ ...before, loading: true, failed: false }));
      fetchGamesPage(filterBody(filter, page, lobbyPageSize), locale)
        .then(
          (answer) => {
            if (by === 'button') focusFrom.current = now.current.list.games.length;
            setList((before) => appendPage(before, answer));
            setStatus((before) => ({
              loading: false,
              failed: false,
              autoLoads: before.autoLoads + (by === 'scroll' ? 1 : 0),
            }));
          },
          () => setStatus((before) => ({ ...before, loading: false, failed: true })),
        )
        .finally(() => {
          asking.current = false;
        });
    },
    [filter, locale],
  );

  // Keyboard players who asked for more continue on the first new game.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the new page's cards are rendered
  useLayoutEffect(() => {
    const from = focusFrom.current;
    if (from === null) return;
    focusFrom.current = null;
    grid.current?.querySelectorAll<HTMLAnchorElement>('.game-card__link')[from]?.focus();
  }, [list]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        if (mayAutoLoad(now.current.list, now.current.status)) loadMore('scroll');
      },
      { rootMargin: '800px 0px 800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadMore]);

  // The sentinel may still be in view after a page arrived (a tall screen): look again.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || status.loading || !mayAutoLoad(list, status)) return;
    const { top } = target.getBoundingClientRect();
    if (top < window.innerHeight + 800) loadMore('scroll');
  }, [list, status, loadMore]);

  const shown = list.games.length;
  return (
    <>
      <ul ref={grid} className="game-grid" aria-busy={status.loading || undefined}>
        {list.games.map((game, index) => (
          <GameCard key={game.identifier} game={game} sizes={gridCardSizes} priority={index < 4} />
        ))}
      </ul>
      <div ref={sentinel} className="lobby__sentinel" aria-hidden="true" />
      <div className="lobby__more">
        <p className="lobby__progress" aria-live="polite">
          {t('games.shown', { shown, total: countText(t, locale, 'games.count', list.total) })}
        </p>
        <span className="lobby__progress-bar" aria-hidden="true">
          <span style={{ width: `${list.total ? Math.min(100, (100 * shown) / list.total) : 100}%` }} />
        </span>
        {status.failed ? (
          <p className="notice notice--error lobby__more-failed" role="alert">
            {t('games.moreFailed')}
          </p>
        ) : null}
        {list.nextPage !== null ? (
          <button
            type="button"
            className="button button--ghost button--large lobby__more-button"
            disabled={status.loading}
            aria-busy={status.loading || undefined}
            onClick={() => loadMore('button')}
          >
            {status.loading ? (
              <>
                <span className="spinner spinner--small" aria-hidden="true" />
                {t('games.loadingMore')}
              </>
            ) : status.failed ? (
              t('games.tryAgain')
            ) : (
              loadMoreText
            )}
          </button>
        ) : null}
      </div>
    </>
  );
}
