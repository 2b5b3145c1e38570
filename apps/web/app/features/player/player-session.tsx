import type { Player } from '@chrysos/contract';
import { createContext, type ReactNode, useContext } from 'react';

/** Spec §4 player session: unknown → loading → logged in (id present) or logged out. */
export type PlayerSession =
  | { status: 'unknown' | 'loading' }
  | { status: 'loggedOut' }
  | { status: 'loggedIn'; id: string; email: string; groups: string[]; player: Player };

const PlayerSessionContext = createContext<PlayerSession>({ status: 'unknown' });

/** The session comes from the root loader: the server knows the player from the session cookie. */
export function PlayerSessionProvider({
  session,
  children,
}: {
  session: PlayerSession;
  children: ReactNode;
}) {
  return <PlayerSessionContext.Provider value={session}>{children}</PlayerSessionContext.Provider>;
}

export function usePlayerSession(): PlayerSession {
  return useContext(PlayerSessionContext);
}

export const isLoggedIn = (session: PlayerSession) => session.status === 'loggedIn';
/** Most features wait until the profile is fetched (spec §4). */
export const isFetched = (session: PlayerSession) =>
  session.status === 'loggedIn' || session.status === 'loggedOut';

/** The signed-in player's profile as last loaded, or null for a visitor. */
export function usePlayer(): Player | null {
  const session = usePlayerSession();
  return session.status === 'loggedIn' ? session.player : null;
}
