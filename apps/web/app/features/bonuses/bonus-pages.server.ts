import type { Bonus, Freespin, Lootbox } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';

/** What /profile/bonuses shows: the player's bonuses (null when they could not be read), free spins and lootboxes. */
export interface BonusesPageData {
  bonuses: Bonus[] | null;
  freespins: Freespin[];
  lootboxes: Lootbox[];
}

const ok = <T>(answer: { ok: true; body: T } | { ok: false } | null): T | null =>
  answer?.ok ? answer.body : null;

/**
 * /profile/bonuses, read by its route loader in-process as the signed-in player (decision 40), so the
 * bonus tab is in the server's HTML. A visitor gets null (the profile layout asks them to sign in).
 * Spec §4: lootboxes that could not be read are an empty list; so are free spins, beside the bonuses'
 * own failure notice.
 */
export async function loadBonusesPage(app: AppContext): Promise<BonusesPageData | null> {
  if (!app.player) return null;
  const [bonuses, freespins, lootboxes] = await Promise.all([
    app.api(endpoints.bonuses.list, {}).catch(() => null),
    app.api(endpoints.freespins.list, {}).catch(() => null),
    app.api(endpoints.lootboxes.list, {}).catch(() => null),
  ]);
  return {
    bonuses: ok(bonuses),
    freespins: ok(freespins) ?? [],
    lootboxes: ok(lootboxes) ?? [],
  };
}
