import { usePlayer } from '../player/player-session';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { bonusPushed, freespinPushed, lootboxPushed, reloadBonuses, useBonuses } from './bonuses-store';

/**
 * Spec §7 bonuses_changes, freespins_changes, lootboxes_changes: what the bonus engine pushes is applied
 * to the player's lists as it arrives (a pushed bonus or free spins marked fromWs, a lootbox added on
 * top, §4); after a gap the connection could not recover, the lists are read again.
 */
export function BonusesUpdates() {
  const playerId = usePlayer()?.id ?? null;
  useBonuses(playerId);
  const afterGap = (live: boolean, stale: boolean) => {
    // The first subscribe follows the first read; a later stale one means publications were lost.
    if (live && stale && playerId) void reloadBonuses();
  };
  useRealtimeChannel('bonuses_changes', { onData: bonusPushed, onLive: afterGap });
  useRealtimeChannel('freespins_changes', { onData: freespinPushed, onLive: afterGap });
  useRealtimeChannel('lootboxes_changes', { onData: lootboxPushed, onLive: afterGap });
  return null;
}
