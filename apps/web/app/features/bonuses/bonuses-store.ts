import type { Bonus, Freespin, Lootbox } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../lib/api';
import { addLootbox, applyPushed, type BonusLists, emptyLists } from './bonus-lists';

export interface BonusesState extends BonusLists {
  status: 'idle' | 'loading' | 'ready' | 'failed';
}

const idle: BonusesState = { status: 'idle', ...emptyLists };

/**
 * The signed-in player's bonuses, free spins and lootboxes, shared by the header, the game page and the
 * notifications (the bonus tab reads its own in its route loader): read once per player, kept current
 * by the realtime channels (BonusesUpdates), which publish every change, the player's own ones too;
 * read again after a gap the connection could not recover.
 */
let state: BonusesState = idle;
let loadedFor = '';
const listeners = new Set<() => void>();

function set(next: Partial<BonusesState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

async function read(): Promise<Partial<BonusesState>> {
  const [bonuses, freespins, lootboxes] = await Promise.all([
    api(endpoints.bonuses.list, {}).catch(() => null),
    api(endpoints.freespins.list, {}).catch(() => null),
    api(endpoints.lootboxes.list, {}).catch(() => null),
  ]);
  if (!lootboxes?.ok) console.error('lootboxes could not be loaded', lootboxes?.status);
  return {
    status: bonuses?.ok ? 'ready' : 'failed',
    bonuses: bonuses?.ok ? bonuses.body : state.bonuses,
    freespins: freespins?.ok ? freespins.body : state.freespins,
    // Spec §4: a failed lootbox fetch leaves the list empty.
    lootboxes: lootboxes?.ok ? lootboxes.body : [],
  };
}

/** The read under way, which a second ask joins (three channels subscribing at once ask three times). */
let inFlight: Promise<void> | null = null;

function readFor(playerId: string): Promise<void> {
  if (inFlight) return inFlight;
  const current = read()
    .then((next) => {
      if (loadedFor === playerId) set(next);
    })
    .finally(() => {
      if (inFlight === current) inFlight = null;
    });
  inFlight = current;
  return current;
}

/** Reads the lists for `playerId` once (again only for another player, or by `reloadBonuses`). */
export function loadBonuses(playerId: string): Promise<void> {
  if (loadedFor === playerId) return inFlight ?? Promise.resolve();
  loadedFor = playerId;
  inFlight = null;
  set({ ...idle, status: 'loading' });
  return readFor(playerId);
}

/** Reads the lists again (after a realtime gap, or when the player asks). */
export function reloadBonuses(): Promise<void> {
  return loadedFor ? readFor(loadedFor) : Promise.resolve();
}

/** Forgets the lists (sign-out). */
export function resetBonuses(): void {
  loadedFor = '';
  inFlight = null;
  state = idle;
  for (const listener of listeners) listener();
}

/** What `bonuses_changes` pushes: one bonus, replacing or joining the list, marked fromWs. */
export function bonusPushed(bonus: Bonus): void {
  if (!loadedFor) return;
  set({ bonuses: applyPushed(state.bonuses, bonus) });
}

/** What `freespins_changes` pushes. */
export function freespinPushed(freespin: Freespin): void {
  if (!loadedFor) return;
  set({ freespins: applyPushed(state.freespins, freespin) });
}

/** What `lootboxes_changes` pushes: on top, de-duplicated by id. */
export function lootboxPushed(lootbox: Lootbox): void {
  if (!loadedFor) return;
  set({ lootboxes: addLootbox(state.lootboxes, lootbox) });
}

/** The current lists, for code outside React (the notifications source). */
export const bonusesSnapshot = (): BonusesState => state;

export const subscribeBonuses = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The lists of `playerId` (null for a visitor: none), read once per player. */
export function useBonuses(playerId: string | null): BonusesState {
  useEffect(() => {
    if (playerId) void loadBonuses(playerId);
    else if (loadedFor) resetBonuses();
  }, [playerId]);
  return useSyncExternalStore(
    subscribeBonuses,
    () => state,
    () => idle,
  );
}
