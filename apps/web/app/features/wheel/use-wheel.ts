import { useCallback, useEffect, useState } from 'react';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { fetchWheel, type WheelState } from './api';

export type WheelLoad = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: WheelState };

/** The wheel as a route loader read it (the page), with the route's reload: null when it could not be read. */
export interface LoadedWheel {
  data: WheelState | null;
  reload: () => Promise<void>;
}

/**
 * The signed-in player's wheel today, read again when `wheel_changes` says the spin was earned (the
 * deposit landed) or used (in another tab), and after a gap the connection could not recover. On the page
 * the route's loader read it and a push reloads the route; the modal, over any page, reads it itself.
 */
export function useWheel(
  playerId: string | null,
  loaded?: LoadedWheel,
): { state: WheelLoad; reload: () => void } {
  const [fetched, setFetched] = useState<WheelLoad>({ status: 'loading' });
  const fetchAgain = useCallback(() => {
    if (!playerId || loaded) return;
    void fetchWheel().then((data) => setFetched(data ? { status: 'ready', data } : { status: 'failed' }));
  }, [playerId, loaded]);
  useEffect(fetchAgain, [fetchAgain]);
  const reload = useCallback(() => {
    if (loaded) void loaded.reload();
    else fetchAgain();
  }, [loaded, fetchAgain]);
  useRealtimeChannel('wheel_changes', {
    onData: () => reload(),
    onLive: (live, stale) => {
      if (live && stale) reload();
    },
  });
  if (!loaded) return { state: fetched, reload };
  return { state: loaded.data ? { status: 'ready', data: loaded.data } : { status: 'failed' }, reload };
}
