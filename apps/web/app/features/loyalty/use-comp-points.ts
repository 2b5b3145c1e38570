import type { CompPoints } from '@chrysos/contract';
import { useCallback, useEffect, useState } from 'react';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { fetchCompPoints } from './api';
import { onCompPointsReload } from './comp-points-reload';

export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/**
 * The signed-in player's comp points: read once, then live. A comps_award push (spec §7: the new comp
 * points) shows at once and the rest (level, progress, what the points are worth) is read again; so is
 * everything after a gap the connection could not recover, and by the account switch itself (spec §4:
 * the exchange pays into the active account).
 */
export function useCompPoints(playerId: string | null): {
  state: Loaded<CompPoints>;
  reload: () => Promise<void>;
  replace: (data: CompPoints) => void;
} {
  const [state, setState] = useState<Loaded<CompPoints>>({ status: 'loading' });
  const reload = useCallback(async () => {
    if (!playerId) return;
    await fetchCompPoints().then((data) =>
      setState((before) =>
        data ? { status: 'ready', data } : before.status === 'ready' ? before : { status: 'failed' },
      ),
    );
  }, [playerId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  useEffect(() => onCompPointsReload(reload), [reload]);
  useRealtimeChannel('comps_award', {
    onData: ({ points }) => {
      setState((before) =>
        before.status === 'ready' ? { status: 'ready', data: { ...before.data, points } } : before,
      );
      void reload();
    },
    onLive: (live, stale) => {
      if (live && stale) void reload();
    },
  });
  const replace = useCallback((data: CompPoints) => setState({ status: 'ready', data }), []);
  return { state, reload, replace };
}
