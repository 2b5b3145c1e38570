import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and in the render that hydrates, true after it: what differs between the
 * server and the browser (a moment in the browser's time zone) waits for it, so hydration sees the
 * server's text (React error #418 otherwise; issue 31 item 21).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
