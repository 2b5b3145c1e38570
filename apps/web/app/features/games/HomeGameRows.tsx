import type { GamesSort } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { IconName } from '../../ui/icons/icons';
import type { CardGame } from './GameCard';
import { GameRow } from './GameRow';
import { fetchGamesPage } from './games-api';

export interface HomeRow {
  category: 'popular' | 'new';
  title: string;
  icon: IconName;
  sort: GamesSort;
}

export const homeRowSize = 12;

/** One row: its games are asked for when the visitor scrolls near it. */
function HomeGameRow({ row }: { row: HomeRow }) {
  const { t, locale } = useTranslation();
  const slot = useRef<HTMLDivElement>(null);
  const [games, setGames] = useState<CardGame[] | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!near) return;
    let live = true;
    fetchGamesPage({ categories: [row.category], sort: row.sort, page_size: homeRowSize }, locale).then(
      (page) => live && setGames(page.games),
      () => live && setGames([]),
    );
    return () => {
      live = false;
    };
  }, [near, row, locale]);
  if (games?.length === 0) return null;
  return (
    <div ref={slot}>
      <GameRow
        id={row.category}
        title={row.title}
        icon={row.icon}
        games={games}
        seeAll={{ to: localizePath(`/games/${row.category}`, locale), label: t('games.seeAll') }}
      />
    </div>
  );
}

/**
 * The home page's game rows, loaded (code and games) only when the visitor scrolls near them, so the
 * home page's first load stays light. A row whose games cannot be read is left out.
 */
export default function HomeGameRows({ rows }: { rows: HomeRow[] }) {
  return (
    <>
      {rows.map((row) => (
        <HomeGameRow key={row.category} row={row} />
      ))}
    </>
  );
}
