import type { Player } from '@chrysos/contract';
import { browserStorage, readJson, removeKey, writeJson } from '../../lib/storage';

/**
 * Spec §4: the player as last fetched, kept on the device for a fast first display and refreshed with
 * every page load; sign-out removes it.
 */
export const storedPlayerKey = 'chrysos.player';

export function storePlayer(player: Player, storage: Storage | null = browserStorage()): void {
  writeJson(storedPlayerKey, player, storage);
}

export function storedPlayer(storage: Storage | null = browserStorage()): Player | null {
  const stored = readJson(storedPlayerKey, storage) as Player | null;
  return stored && typeof stored.id === 'string' ? stored : null;
}

export function clearStoredPlayer(storage: Storage | null = browserStorage()): void {
  removeKey(storedPlayerKey, storage);
}
