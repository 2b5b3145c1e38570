import type { Jackpots } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';

/**
 * The jackpot's tiers in this visitor's or player's currency, for a ticker's first paint (home, lobby,
 * a slot's page): in the HTML, so the ticker does not arrive after the page and push it down.
 */
export async function loadJackpots(app: AppContext): Promise<Jackpots | null> {
  const answer = await app.api(endpoints.jackpot.current, {}).catch(() => null);
  return answer?.ok ? answer.body : null;
}
