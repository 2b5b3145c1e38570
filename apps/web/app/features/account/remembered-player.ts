import { browserStorage, readJson, removeKey, writeJson } from '../../lib/storage';

/**
 * Spec §2/§3 early login: who last signed in on this device, so a returning visitor is greeted by name
 * and finds their email filled in. Signing out keeps it; "Not you?" forgets it.
 */
export interface RememberedPlayer {
  email: string;
  first_name: string | null;
}

export const rememberedPlayerKey = 'chrysos.remembered-player';

export function rememberPlayer(
  player: { email: string; first_name: string | null },
  storage: Storage | null = browserStorage(),
): void {
  if (!player.email) return;
  writeJson(rememberedPlayerKey, { email: player.email, first_name: player.first_name || null }, storage);
}

export function rememberedPlayer(storage: Storage | null = browserStorage()): RememberedPlayer | null {
  const stored = readJson(rememberedPlayerKey, storage) as Partial<RememberedPlayer> | null;
  if (!stored || typeof stored.email !== 'string' || stored.email === '') return null;
  return {
    email: stored.email,
    first_name: typeof stored.first_name === 'string' && stored.first_name !== '' ? stored.first_name : null,
  };
}

export function forgetRememberedPlayer(storage: Storage | null = browserStorage()): void {
  removeKey(rememberedPlayerKey, storage);
}
