import { useCallback, useEffect, useRef } from 'react';
import { useFetchers, useRevalidator } from 'react-router';

/**
 * Reads the page's loaders again (the route's data, and the root's with the wallet), so what a push
 * announces shows as the server now has it, from the same place as the server's HTML. A call while a
 * read is under way is not lost: one more read follows it.
 *
 * Nor while a form's fetcher is under way: React Router drops a fetcher action's redirect when any
 * navigation, a revalidation among them, started after the action (router.ts, handleFetcherAction),
 * so a push that the action itself caused (free spins started, then `freespins_changes`) would keep
 * the player on the page instead of taking them to the game. The read follows once the fetchers rest.
 */
export function useRouteReload(): () => Promise<void> {
  const revalidator = useRevalidator();
  const posting = useFetchers().some((fetcher) => fetcher.state !== 'idle');
  const latest = useRef({ revalidator, posting });
  latest.current = { revalidator, posting };
  const again = useRef(false);
  useEffect(() => {
    if (revalidator.state !== 'idle' || posting || !again.current) return;
    again.current = false;
    void revalidator.revalidate();
  }, [revalidator, posting]);
  return useCallback(async () => {
    if (latest.current.revalidator.state !== 'idle' || latest.current.posting) {
      again.current = true;
      return;
    }
    await latest.current.revalidator.revalidate();
  }, []);
}
