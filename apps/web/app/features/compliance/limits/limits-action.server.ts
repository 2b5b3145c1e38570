import { type PlayerLimit, setLimitBody } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { data } from 'react-router';
import type { AppContext } from '../../../lib/app-context';
import { type Refusal, refusedStatus, textField } from '../../../lib/form-action.server';
import { postedMoney } from '../../cashier/posted-amount.server';

/** What the limits form and its buttons ask for. */
export type LimitIntent = 'set' | 'remove' | 'cancel';

/**
 * The answer of /profile/limits' action, for the fetcher (with JavaScript) or the page rendered with it
 * (without): the limit as it now is, or why not. `field` names the amount the form could not read.
 */
export type LimitsResult =
  | { intent: LimitIntent; ok: true; limit: PlayerLimit }
  | { intent: LimitIntent; ok: false; refusal: Refusal; field?: 'invalid' | 'invalidMinutes' };

const target = setLimitBody.pick({ kind: true, period: true, currency: true });

/** The typed amount in minor units: a whole number of minutes for a session limit, else money. */
async function amountOf(app: AppContext, form: FormData, kind: string, currency: string | undefined) {
  if (kind !== 'session') return postedMoney(app, form, currency);
  const minor = textField(form, 'amount_minor');
  if (/^\d+$/.test(minor)) return Number(minor);
  const typed = textField(form, 'amount');
  return /^\d+$/.test(typed) ? Number(typed) : null;
}

const answered = (intent: LimitIntent, answer: { ok: boolean; status: number; body: unknown } | null) =>
  answer?.ok
    ? ({ intent, ok: true, limit: answer.body as PlayerLimit } satisfies LimitsResult)
    : data({ intent, ok: false, refusal: (answer as Refusal) ?? null } satisfies LimitsResult, {
        status: refusedStatus(answer),
      });

/**
 * The action of /profile/limits (issue 35: forms submit to their route): sets, removes, or cancels the
 * pending change of one of the signed-in player's limits, through the in-process API as that player
 * (decision 9), so the API's rules (a raise waits 24 hours) hold as for any caller. The route's loaders
 * run again after it, so the page shows the limits as they now are.
 */
export async function limitsAction(app: AppContext, form: FormData) {
  const intent = form.get('intent');
  const fields = target.safeParse({
    kind: form.get('kind'),
    period: form.get('period'),
    currency: form.get('currency') || undefined,
  });
  if ((intent !== 'set' && intent !== 'remove' && intent !== 'cancel') || !fields.success) {
    return data({ intent: 'set', ok: false, refusal: null, field: 'invalid' } satisfies LimitsResult, {
      status: 422,
    });
  }
  const { kind, period, currency } = fields.data;
  const money = kind === 'session' ? undefined : currency;
  if (intent === 'set') {
    const amount = await amountOf(app, form, kind, money);
    const body = setLimitBody.safeParse({ kind, period, amount, ...(money ? { currency: money } : {}) });
    if (!body.success) {
      const field = kind === 'session' ? 'invalidMinutes' : 'invalid';
      return data({ intent, ok: false, refusal: null, field } satisfies LimitsResult, {
        status: 422,
      });
    }
    return answered(intent, await app.api(endpoints.limits.set, { body: body.data }).catch(() => null));
  }
  const at = { params: { kind, period }, query: money ? { currency: money } : {} };
  const endpoint = intent === 'remove' ? endpoints.limits.remove : endpoints.limits.cancelPending;
  return answered(intent, await app.api(endpoint, at).catch(() => null));
}
