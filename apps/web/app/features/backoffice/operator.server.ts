import type { OperatorIdentity } from '@chrysos/contract';
import { endpoints, type Failure } from '@chrysos/contract/client';
import { data, redirect } from 'react-router';
import type { AppContext } from '../../lib/app-context';
import { pageUrl } from '../../lib/request-url';
import { refusalText } from './refusal';

export const signInPath = '/backoffice/sign-in';

/**
 * The operator of the console's request, asked of the API in-process with their own cookie (decision
 * 9): to the sign-in page when there is none or it ran out; refused when their address is not allowed.
 */
export async function requireOperator(app: AppContext, request: Request): Promise<OperatorIdentity> {
  const answer = await app.api(endpoints.operator.me, {});
  if (answer.ok) return answer.body;
  if (answer.status === 401) {
    const { pathname, search } = pageUrl(request);
    const back = pathname + search;
    const expired = answer.body.codes?.base?.[0] === 'operators.session_expired';
    throw redirect(`${signInPath}?${new URLSearchParams({ back, ...(expired ? { expired: '1' } : {}) })}`);
  }
  throw data({ message: answer.body.errors?.base?.[0] ?? 'The back office refused this request.' }, 403);
}

/**
 * A read the operator's role or session does not allow is the page's own answer (403, 401), with the
 * API's reason: never an empty list that reads as "nothing waiting".
 */
export function refuseUnlessAllowed(answer: { ok: true } | Failure): void {
  if (!answer.ok && (answer.status === 401 || answer.status === 403)) {
    throw data({ message: refusalText(answer) }, answer.status);
  }
}
