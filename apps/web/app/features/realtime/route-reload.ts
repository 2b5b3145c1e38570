import { useCallback, useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

/**
 * Reads the page's loaders again (the route's data, and the root's with the wallet), so what a push
 * announces shows as the server now has it, from the same place as the server's HTML. A call while a
 * read is under way is not lost: one more read follows it.
 */
export function useRouteReload(): () => Promise<void> {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const again = useRef(false);
  useEffect(() => {
    if (revalidator.state !== 'idle' || !again.current) return;
    again.current = false;
    void revalidator.revalidate();
  }, [revalidator]);
  return useCallback(async () => {
    if (latest.current.state !== 'idle') {
      again.current = true;
      return;
    }
    await latest.current.revalidate();
  }, []);
}
