import { endpoints } from '@chrysos/contract/client';
import { api } from '../../lib/api';
import { describeProblem, problemsOf } from '../../lib/api-errors';
import type { Translate } from '../../lib/i18n';

/** The bonus engine's calls the pages make (spec §7 Bonuses, Freespins, Lootboxes), through the contract client. */

export const activateBonus = (id: string) =>
  api(endpoints.bonuses.activate, { params: { id } }).catch(() => null);
export const cancelBonus = (id: string) =>
  api(endpoints.bonuses.cancel, { params: { id } }).catch(() => null);
export const redeemCoupon = (code: string) =>
  api(endpoints.bonuses.redeemCoupon, { query: { coupon_code: code } }).catch(() => null);
export const activateFreespins = (id: string) =>
  api(endpoints.freespins.activate, { params: { id } }).catch(() => null);
export const openLootbox = (id: string) =>
  api(endpoints.lootboxes.open, { params: { id }, body: {} }).catch(() => null);
export const fetchDepositOffers = (currency: string) =>
  api(endpoints.bonuses.depositOffers, { query: { currency } })
    .then((answer) => (answer.ok ? answer.body : null))
    .catch(() => null);

/**
 * What a refused call says, in the player's language by its code (bonuses.another_active,
 * bonuses.coupon_unknown …); no answer at all is a network problem.
 */
export function refusalText(
  t: Translate,
  answer: { ok: boolean; body?: unknown } | null,
  money?: (amountCents: number) => string,
): string {
  if (!answer) return t('bonuses.problems.network');
  const [problem] = problemsOf(answer);
  return problem ? describeProblem(t, problem, money ? { money } : {}) : t('bonuses.problems.failed');
}
