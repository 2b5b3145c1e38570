import { endpoints } from '@chrysos/contract/client';
import { useRevalidator } from 'react-router';
import { api } from '../../lib/api';
import { unsubscribeFromPush } from '../notifications/push';

/**
 * Ends the session and reloads the page's data as a visitor. The remembered email and first name stay
 * for the next sign-in (spec §2 early login). A module of its own, so the header's sign-out button does
 * not bring the account forms into every page's first load.
 */
export function useSignOut(): () => Promise<void> {
  const { revalidate } = useRevalidator();
  return async () => {
    // A shared browser stops receiving the player's pushes once they sign out of it.
    await unsubscribeFromPush().catch(() => null);
    await api(endpoints.auth.signOut, {}).catch(() => null);
    await revalidate();
  };
}
