import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { useRouteReload } from '../realtime/route-reload';

/**
 * The comp points a page's loader read, kept live: a comps_award push (spec §7) reads the page's data
 * again, level, progress and worth with the points; so does a gap the connection could not recover.
 * Returns the reload, for a retry and after an exchange. An account switch reads every loader itself.
 */
export function useCompPointsPushes(): () => Promise<void> {
  const reload = useRouteReload();
  useRealtimeChannel('comps_award', {
    onData: () => void reload(),
    onLive: (live, stale) => {
      if (live && stale) void reload();
    },
  });
  return reload;
}
