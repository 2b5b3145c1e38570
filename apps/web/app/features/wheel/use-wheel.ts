import { useCallback, useEffect, useState } from 'react';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { fetchWheel, type WheelState } from './api';

export type WheelLoad = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: WheelState };

/**
 * The signed-in player's wheel today, read again when `wheel_changes` says the spin was earned (the
 * deposit landed) or used (in another tab), and after a gap the connection could not recover.
 */
export function useWheel(playerId: string | null): { state: WheelLoad; reload: () => void } {
  const [state, setState] = useState<WheelLoad>({ status: 'loading' });
  const reload = useCallback(() => {
    if (!playerId) return;
    void fetchWheel().then((data) => setState(data ? { status: 'ready', data } : { status: 'failed' }));
  }, [playerId]);
  useEffect(reload, [reload]);
  useRealtimeChannel('wheel_changes', {
    onData: () => reload(),
    onLive: (live, stale) => {
      if (live && stale) reload();
    },
  });
  return { state, reload };
}
