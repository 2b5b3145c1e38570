import type { ChannelPositions, RealtimeSettings } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../lib/api';
import { usePlayer } from '../player/player-session';
import type { ChannelListener, RealtimeChannel, RealtimeClient } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** GET /player/settings `cent`, asked for each time: its token is short-lived. */
async function loadSettings(): Promise<RealtimeSettings | null> {
  const answer = await api(endpoints.player.settings, {}).catch(() => null);
  return answer?.ok ? answer.body.cent : null;
}

/**
 * The signed-in player's realtime connection (spec §7: only when logged in and fetched), closed on
 * sign-out. A visitor has none: the site's pages poll what they show.
 *
 * `since` is where the player's channels stood when the server read the page's data (the root
 * loader's answer): a channel first subscribed on that page recovers from there, so what was published
 * in between arrives and nothing is read again. Once the page has moved on (a navigation the root did
 * not load again), its listeners show later data, and a first subscription starts afresh.
 */
export function RealtimeProvider({
  since,
  children,
}: {
  since: ChannelPositions | null;
  children: ReactNode;
}) {
  const playerId = usePlayer()?.id ?? null;
  const { key } = useLocation();
  const [client, setClient] = useState<RealtimeClient | null>(null);
  const readAt = useRef({ since, key });
  if (readAt.current.since !== since) readAt.current = { since, key };
  const positions = useRef<ChannelPositions | null>(null);
  positions.current = readAt.current.key === key ? since : null;

  useEffect(() => {
    if (!playerId) return;
    let live = true;
    let started: RealtimeClient | null = null;
    void (async () => {
      const settings = await loadSettings();
      if (!live || !settings?.user || !settings.token) return;
      // The client library is fetched for signed-in players only.
      const { startRealtime } = await import('./realtime-client');
      const user = settings.user;
      const token = settings.token;
      const connected = await startRealtime(
        { ...settings, user, token },
        loadSettings,
        () => positions.current,
      );
      if (!live) {
        connected.stop();
        return;
      }
      started = connected;
      setClient(connected);
    })();
    return () => {
      live = false;
      started?.stop();
      setClient(null);
    };
  }, [playerId]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/**
 * Listens to one of the player's realtime channels while the component is mounted and the player is
 * connected: what features use to apply pushed bonuses, lootboxes, comp points… The listener may change
 * between renders; the subscription stays.
 */
export function useRealtimeChannel<N extends RealtimeChannel>(name: N, listener: ChannelListener<N>): void {
  const client = useContext(RealtimeContext);
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => {
    if (!client) return;
    return client.listen(name, {
      onData: (data) => current.current.onData(data),
      onLive: (live, stale) => current.current.onLive?.(live, stale),
    });
  }, [client, name]);
}
