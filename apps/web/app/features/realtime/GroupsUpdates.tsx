import { useRevalidator } from 'react-router';
import { useRealtimeChannel } from './RealtimeProvider';

/**
 * Spec §7 groups_updates: the player's groups changed. The pages' data follow them (content shown or
 * hidden by group, the player's statuses), so it is read again without a reload; so it is after a gap
 * the connection could not recover.
 */
export function GroupsUpdates() {
  const { revalidate } = useRevalidator();
  useRealtimeChannel('groups_updates', {
    onData: () => void revalidate(),
    onLive: (live, stale) => {
      if (live && stale) void revalidate();
    },
  });
  return null;
}
