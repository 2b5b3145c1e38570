import { endpoints } from '@chrysos/contract/client';
import { api } from '../../lib/api';
import { describeProblem, problemsOf } from '../../lib/api-errors';
import type { Translate } from '../../lib/i18n';

/**
 * The bonus engine's calls the browser still makes itself (the deposit form's offers); the bonus tab's
 * forms post to its route's action (bonuses-action.server.ts).
 */

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
