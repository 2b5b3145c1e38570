import { describeProblem, problemsOf } from '../../lib/api-errors';
import type { Translate } from '../../lib/i18n';

/** A refused comp points exchange, as the route's action passes it on (exchange-action.server.ts). */
export type ExchangeRefusal = { ok: false; body?: unknown } | null;

/** What a refused exchange says, by its code; no answer at all is a network problem. */
export function refusalText(t: Translate, answer: ExchangeRefusal): string {
  if (!answer) return t('loyalty.exchange.network');
  const [problem] = problemsOf(answer);
  return problem ? describeProblem(t, problem) : t('loyalty.exchange.failed');
}
