import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { useRouteReload } from '../realtime/route-reload';

/**
 * The player's tickets a page's loader read, kept live: their `lottery_changes` channel (a deposit's
 * tickets, a prize) reads the page's data again; so does a gap the connection could not recover.
 * Returns the reload, for a retry.
 */
export function useLotteryPushes(): () => Promise<void> {
  const reload = useRouteReload();
  useRealtimeChannel('lottery_changes', {
    onData: () => void reload(),
    onLive: (live, stale) => {
      if (live && stale) void reload();
    },
  });
  return reload;
}
