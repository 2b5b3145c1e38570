import type { CompExchanged } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { api } from '../../lib/api';
import { describeProblem, problemsOf } from '../../lib/api-errors';
import type { Translate } from '../../lib/i18n';

/** The exchange of comp points the loyalty tab makes from the browser (spec §7), through the contract client. */

export type ExchangeAnswer = { ok: true; body: CompExchanged } | { ok: false; body?: unknown } | null;

export const exchangeCompPoints = (points: number, idempotencyKey: string): Promise<ExchangeAnswer> =>
  api(endpoints.loyalty.exchange, { body: { points, idempotency_key: idempotencyKey } })
    .then((answer) => answer as ExchangeAnswer)
    .catch(() => null);

/** What a refused exchange says, by its code; no answer at all is a network problem. */
export function refusalText(t: Translate, answer: ExchangeAnswer): string {
  if (!answer) return t('loyalty.exchange.network');
  const [problem] = problemsOf(answer);
  return problem ? describeProblem(t, problem) : t('loyalty.exchange.failed');
}
