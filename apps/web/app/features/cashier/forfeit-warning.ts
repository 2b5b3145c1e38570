import type { Bonus } from '@chrysos/contract';
import type { ApiProblem } from '../../lib/api-errors';

/**
 * cashier.bonus_active names the running bonus by its id (a stable reference for API callers); the
 * player reads its title (issue 31 item 21), from their bonus list.
 */
export function withBonusTitle(
  problem: ApiProblem,
  bonuses: readonly Pick<Bonus, 'id' | 'title'>[],
): ApiProblem {
  const running = bonuses.find((bonus) => bonus.id === problem.params.bonus);
  return running ? { ...problem, params: { ...problem.params, bonus: running.title } } : problem;
}
