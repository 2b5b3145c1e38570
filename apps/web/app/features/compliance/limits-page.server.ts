import type { Exclusion, PlayerLimits } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';

/** What /profile/limits shows; a part that could not be read is null and the page says so, with a retry. */
export interface LimitsPageData {
  /** The player's limits with what is used and left, their pending changes, and the limits on offer. */
  limits: PlayerLimits | null;
  /** The player's breaks and self-exclusions, with their state. */
  exclusions: Exclusion[] | null;
}

const ok = <T>(answer: { ok: true; body: T } | { ok: false } | null): T | null =>
  answer?.ok ? answer.body : null;

/**
 * /profile/limits, read by its route loader in-process as the signed-in player (decision 40), so the
 * responsible-gaming tab is in the server's HTML. A visitor gets null (the profile layout asks them to
 * sign in).
 */
export async function loadLimitsPage(app: AppContext): Promise<LimitsPageData | null> {
  if (!app.player) return null;
  const [limits, exclusions] = await Promise.all([
    app.api(endpoints.limits.list, {}).catch(() => null),
    app.api(endpoints.exclusions.list, {}).catch(() => null),
  ]);
  return { limits: ok(limits), exclusions: ok(exclusions) };
}
