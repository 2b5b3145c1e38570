import type { TournamentStatus } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { api } from '../../lib/api';
import { describeProblem, problemsOf } from '../../lib/api-errors';
import type { Translate } from '../../lib/i18n';

/** The tournament list the game page's badge reads in the browser (spec §7 Tournaments); joining posts to the tournament page's action. */

export const fetchTournaments = () =>
  api(endpoints.tournaments.list, {})
    .then((answer) => (answer.ok ? answer.body : null))
    .catch(() => null);

export type { TournamentStatus };

/** What a refused join says, in the player's language by its code (tournaments.finished …). */
export function refusalText(t: Translate, answer: { ok: boolean; body?: unknown } | null): string {
  if (!answer) return t('tournaments.problems.network');
  const [problem] = problemsOf(answer);
  return problem ? describeProblem(t, problem, {}) : t('tournaments.problems.failed');
}
