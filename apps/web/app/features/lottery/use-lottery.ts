import { useCallback, useEffect, useState } from 'react';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { fetchLottery, fetchPlayerLottery, type LotteryOverview, type PlayerLottery } from './api';

export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/** The public draw and results, read once the page shows. */
export function useLotteryOverview(): { state: Loaded<LotteryOverview>; reload: () => void } {
  const [state, setState] = useState<Loaded<LotteryOverview>>({ status: 'loading' });
  const reload = useCallback(() => {
    void fetchLottery().then((data) => setState(data ? { status: 'ready', data } : { status: 'failed' }));
  }, []);
  useEffect(reload, [reload]);
  return { state, reload };
}

/**
 * The signed-in player's tickets, read again whenever their `lottery_changes` channel says they
 * changed (a deposit's tickets, a prize) or after a gap the connection could not recover.
 */
export function usePlayerLottery(playerId: string | null): {
  state: Loaded<PlayerLottery>;
  reload: () => void;
} {
  const [state, setState] = useState<Loaded<PlayerLottery>>({ status: 'loading' });
  const reload = useCallback(() => {
    if (!playerId) return;
    void fetchPlayerLottery().then((data) =>
      setState(data ? { status: 'ready', data } : { status: 'failed' }),
    );
  }, [playerId]);
  useEffect(reload, [reload]);
  useRealtimeChannel('lottery_changes', {
    onData: () => reload(),
    onLive: (live, stale) => {
      if (live && stale) reload();
    },
  });
  return { state, reload };
}
