import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** Where the page a game's back button returns to is kept (read by /exit_iframe too). */
export const gameBackPathKey = 'chrysos:game-back-path';
const isGamePath = (pathname: string) => /^(\/el)?\/game\//.test(pathname);

/** Remembers the last page that was not a game, so a game's back button returns there (spec §2). */
export function useRememberPageForGames(): void {
  const location = useLocation();
  useEffect(() => {
    if (!isGamePath(location.pathname)) {
      sessionStorage.setItem(gameBackPathKey, `${location.pathname}${location.search}`);
    }
  }, [location.pathname, location.search]);
}

/** The page to go back to from a game; null before hydration or when the game was opened directly. */
export function useGameBackPath(): string | null {
  const [back, setBack] = useState<string | null>(null);
  useEffect(() => {
    setBack(sessionStorage.getItem(gameBackPathKey));
  }, []);
  return back;
}
