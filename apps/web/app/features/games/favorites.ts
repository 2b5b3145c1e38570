import type { Game } from '@chrysos/contract';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useModals } from '../../modals/ModalProvider';
import { rememberedPlayer } from '../account/remembered-player';
import { usePlayer } from '../player/player-session';
import { saveFavorite } from './games-api';

/**
 * The player's favourite marks as changed on this page, shared by every card of the same game (a game
 * can be in the recently played row and the grid at once). The server's `favorite` flag is the truth
 * until the player changes it here. A visitor who taps the heart is asked to sign in; the game becomes a
 * favourite once they have, if they do so soon.
 */
const changed = new Map<string, boolean>();
let changedFor: string | null = null;
let afterSignIn: { identifier: string; until: number } | null = null;
const afterSignInMs = 10 * 60 * 1000;
const listeners = new Set<() => void>();
let version = 0;

function notify() {
  version++;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => version;

function mark(identifier: string, favorite: boolean) {
  changed.set(identifier, favorite);
  notify();
}

export interface FavoriteToggle {
  favorite: boolean;
  toggle(): void;
}

export function useFavorite(game: Pick<Game, 'identifier' | 'favorite'>): FavoriteToggle {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  const player = usePlayer();
  const playerId = player?.id ?? null;
  const { open } = useModals();
  const { identifier } = game;

  // Marks made for one player are not another's.
  if (changedFor !== playerId) {
    changed.clear();
    changedFor = playerId;
  }
  const favorite = playerId ? (changed.get(identifier) ?? game.favorite) : false;

  const save = useCallback(
    async (next: boolean) => {
      mark(identifier, next);
      const status = await saveFavorite(identifier, next);
      if (status === 204) return;
      mark(identifier, !next);
      if (status === 401) open('Login');
    },
    [identifier, open],
  );

  useEffect(() => {
    if (!playerId || afterSignIn?.identifier !== identifier) return;
    const wanted = afterSignIn.until > Date.now();
    afterSignIn = null;
    if (wanted && !game.favorite) void save(true);
  }, [playerId, identifier, game.favorite, save]);

  const toggle = useCallback(() => {
    if (!playerId) {
      afterSignIn = { identifier, until: Date.now() + afterSignInMs };
      const remembered = rememberedPlayer();
      open('Login', remembered ? { remembered } : undefined);
      return;
    }
    void save(!favorite);
  }, [playerId, identifier, favorite, open, save]);

  return { favorite, toggle };
}
