import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const storageKey = 'chrysos:game-back-path';
const isGamePath = (pathname: string) => /^(\/el)?\/game\//.test(pathname);

/** Remembers the last page that was not a game, so a game's back button returns there (spec §2). */
export function useRememberPageForGames(): void {
  const location = useLocation();
  useEffect(() => {
    if (!isGamePath(location.pathname)) {
      sessionStorage.setItem(storageKey, `${location.pathname}${location.search}`);
    }
  }, [location.pathname, location.search]);
}

/** The page to go back to from a game; null before hydration or when the game was opened directly. */
export function useGameBackPath(): string | null {
  const [back, setBack] = useState<string | null>(null);
  useEffect(() => {
    setBack(sessionStorage.getItem(storageKey));
  }, []);
  return back;
}
