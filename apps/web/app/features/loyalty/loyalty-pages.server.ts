import type { CompPoints } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';
import { newExchangeKey } from './exchange-action.server';

/*
 * What the loyalty pages show of the player, read by their route loaders in-process as the signed-in
 * player (decision 9), so it is in the server's HTML. A visitor gets null; comp points that cannot be
 * read are null and the page says so, with a retry.
 */

/** GET /player/comp_points as the session's player; null for a visitor or when it cannot be read. */
export async function readCompPoints(app: AppContext): Promise<CompPoints | null> {
  if (!app.player) return null;
  const answer = await app.api(endpoints.loyalty.compPoints, {}).catch(() => null);
  return answer?.ok ? answer.body : null;
}

/**
 * /profile/loyalty: the player's comp points, level and exchange, with the key the next exchange posts
 * (read again after each exchange made); null for a visitor.
 */
export async function loadLoyaltyTab(app: AppContext) {
  if (!app.player) return null;
  return { compPoints: await readCompPoints(app), exchangeKey: newExchangeKey() };
}
