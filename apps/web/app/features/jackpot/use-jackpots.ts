import type { Jackpots, Winner } from '@chrysos/contract';
import { useCallback, useEffect, useState } from 'react';
import { usePlayer } from '../player/player-session';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { fetchJackpots, fetchLatestWinners } from './api';

/** A visitor has no realtime connection (RealtimeProvider): the strip and ticker read again this often. */
const visitorPollMs = 15_000;

/** Runs `reload` every `ms` while there is no signed-in player (a visitor's page has no pushes). */
function useVisitorPoll(reload: () => void, signedIn: boolean) {
  useEffect(() => {
    if (signedIn) return;
    const timer = setInterval(reload, visitorPollMs);
    return () => clearInterval(timer);
  }, [reload, signedIn]);
}

/**
 * The jackpot's tiers in the player's currency (the server picks it), read once and then kept live:
 * each public:jackpots_changes publication is the tier's amount now, and a gap the connection could not
 * recover reads them again.
 */
export function useJackpots(initial: Jackpots | null = null): Jackpots | null {
  const player = usePlayer();
  const [jackpots, setJackpots] = useState<Jackpots | null>(initial);
  const reload = useCallback(() => {
    void fetchJackpots().then((loaded) => {
      if (loaded) setJackpots(loaded);
    });
  }, []);
  // The player's currency may differ from a visitor's: read again when the session changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the player's id is the trigger
  useEffect(reload, [reload, player?.id]);
  useVisitorPoll(reload, player !== null);
  useRealtimeChannel('public:jackpots_changes', {
    onData: (change) =>
      setJackpots((before) =>
        before && before.currency === change.currency
          ? {
              ...before,
              tiers: before.tiers.map((tier) =>
                tier.id === change.id ? { ...tier, amount_cents: change.amount_cents } : tier,
              ),
            }
          : before,
      ),
    onLive: (live, stale) => {
      if (live && stale) reload();
    },
  });
  // A drop reseeds the tier and starts a new cycle (a new hash): read the whole state again.
  useRealtimeChannel('public:wins', {
    onData: (win) => {
      if (win.jackpot) reload();
    },
  });
  return jackpots;
}

/**
 * The latest winners (spec §7 GET /stats/winners/latest), read again on every public:wins publication
 * (a hint: the list is the source of truth) and after a gap.
 */
export function useLatestWinners(): Winner[] | null {
  const player = usePlayer();
  const [winners, setWinners] = useState<Winner[] | null>(null);
  const reload = useCallback(() => {
    void fetchLatestWinners().then((loaded) => {
      if (loaded) setWinners(loaded);
    });
  }, []);
  useEffect(reload, [reload]);
  useVisitorPoll(reload, player !== null);
  useRealtimeChannel('public:wins', {
    onData: reload,
    onLive: (live, stale) => {
      if (live && stale) reload();
    },
  });
  return winners;
}
