import type { CompPoints } from '@chrysos/contract';
import { useCallback, useEffect, useState } from 'react';
import { useWallet } from '../cashier/WalletProvider';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { fetchCompPoints } from './api';

export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/**
 * The signed-in player's comp points: read once, then live. A comps_award push (spec §7: the new comp
 * points) shows at once and the rest (level, progress, what the points are worth) is read again; so is
 * everything after a gap the connection could not recover, and after an account switch (spec §4: the
 * exchange pays into the active account).
 */
export function useCompPoints(playerId: string | null): {
  state: Loaded<CompPoints>;
  reload: () => void;
  replace: (data: CompPoints) => void;
} {
  const [state, setState] = useState<Loaded<CompPoints>>({ status: 'loading' });
  const reload = useCallback(() => {
    if (!playerId) return;
    void fetchCompPoints().then((data) =>
      setState((before) =>
        data ? { status: 'ready', data } : before.status === 'ready' ? before : { status: 'failed' },
      ),
    );
  }, [playerId]);
  const currency = useWallet().active?.currency;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the active account changes
  useEffect(reload, [reload, currency]);
  useRealtimeChannel('comps_award', {
    onData: ({ points }) => {
      setState((before) =>
        before.status === 'ready' ? { status: 'ready', data: { ...before.data, points } } : before,
      );
      reload();
    },
    onLive: (live, stale) => {
      if (live && stale) reload();
    },
  });
  const replace = useCallback((data: CompPoints) => setState({ status: 'ready', data }), []);
  return { state, reload, replace };
}
