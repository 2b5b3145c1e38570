import { randomBytes } from 'node:crypto';
import { type CompExchanged, compExchangeBody } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { data } from 'react-router';
import type { AppContext } from '../../lib/app-context';
import { refusedStatus, textField } from '../../lib/form-action.server';

/** A key that names one exchange: posted again (a retry after a lost answer), the exchange pays once. */
export const newExchangeKey = () => randomBytes(16).toString('base64url');

/**
 * The answer of /profile/loyalty's action, for the fetcher (with JavaScript) or the page rendered with
 * it (without): the exchange made, or why not with the key the next try takes (a refused key is
 * answered as refused again). `field` names points the form could not read as a whole number.
 */
export type ExchangeResult =
  | { ok: true; exchanged: CompExchanged }
  | {
      ok: false;
      refusal: { ok: false; status: number; body: unknown } | null;
      field?: 'whole';
      key: string;
    };

/**
 * Exchanges the posted comp points for real money at the player's level (issue 18), through the
 * in-process API as the session's player (decision 9), once per posted key. The page's loaders and the
 * root's wallet read again after it: the points left and the balance with the money paid in.
 */
export async function exchangeAction(app: AppContext, form: FormData) {
  const typed = textField(form, 'points');
  const body = compExchangeBody.safeParse({
    points: /^\d+$/.test(typed) ? Number(typed) : Number.NaN,
    idempotency_key: form.get('idempotency_key'),
  });
  if (!body.success) {
    const key = String(form.get('idempotency_key') ?? '');
    return data(
      {
        ok: false,
        refusal: null,
        field: 'whole',
        key: /^[A-Za-z0-9_-]{8,64}$/.test(key) ? key : newExchangeKey(),
      } satisfies ExchangeResult,
      { status: 422 },
    );
  }
  const answer = await app.api(endpoints.loyalty.exchange, { body: body.data }).catch(() => null);
  if (answer?.ok) return { ok: true, exchanged: answer.body } satisfies ExchangeResult;
  // No answer: the same key again, so a retry pays once. Refused: a new one for the next try.
  const key = answer ? newExchangeKey() : body.data.idempotency_key;
  const refusal = answer as { ok: false; status: number; body: unknown } | null;
  return data({ ok: false, refusal, key } satisfies ExchangeResult, { status: refusedStatus(refusal) });
}
