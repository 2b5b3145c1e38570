import type { WheelState } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';
import { newSpinKey } from './spin-action.server';

/**
 * The signed-in player's wheel today (GET /player/wheel), read by the page's loader in-process as the
 * player of the session (decision 9), so whether the spin is ready is in the server's HTML. Null for a
 * visitor; `wheel: null` when it could not be read (the page says so). `spinKey` names the next spin
 * (read again after each spin).
 */
export async function loadPlayerWheel(
  app: AppContext,
): Promise<{ wheel: WheelState | null; spinKey: string } | null> {
  if (!app.player) return null;
  const answer = await app.api(endpoints.wheel.state, {}).catch(() => null);
  return { wheel: answer?.ok ? answer.body : null, spinKey: newSpinKey() };
}
