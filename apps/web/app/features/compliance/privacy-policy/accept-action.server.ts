import { privacyPolicyAcceptance } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { localeFromPath, localizePath } from '@chrysos/rules';
import { data, redirect } from 'react-router';
import type { AppContext } from '../../../lib/app-context';
import { refusedStatus } from '../../../lib/form-action.server';
import { pageUrl } from '../../../lib/request-url';

/** The answer of the privacy notice's action, for its fetcher: accepted, or not. */
export type AcceptResult = { ok: boolean };

/** Where a form posted without JavaScript goes back to: a path of this site, else the home page. */
function backTo(request: Request, back: FormDataEntryValue | null) {
  const path = typeof back === 'string' ? back : '';
  return /^\/(?![/\\])/.test(path) ? path : localizePath('/', localeFromPath(pageUrl(request).pathname));
}

/**
 * The privacy notice's acceptance of the version it showed (POST /player/privacy_policy/acceptance in
 * process, as the session's player: decision 9). The fetcher gets the answer and the root loader reads
 * the player's notice again; a form posted without JavaScript goes back to the page it was on (`back`,
 * a path of this site), where the notice is gone.
 */
export async function acceptAction(request: Request, app: AppContext, form: FormData) {
  const body = privacyPolicyAcceptance.safeParse({ version: form.get('version') });
  if (!body.success) return data({ ok: false } satisfies AcceptResult, { status: 422 });
  const answer = await app.api(endpoints.privacyPolicy.accept, { body: body.data }).catch(() => null);
  const accepted = Boolean(answer?.ok && !answer.body.must_accept);
  // The notice's fetcher asks for the answer itself (`answer=here`); a plain form goes back.
  if (form.get('answer') !== 'here') return redirect(backTo(request, form.get('back')), 303);
  return accepted
    ? ({ ok: true } satisfies AcceptResult)
    : data({ ok: false } satisfies AcceptResult, { status: answer?.ok ? 409 : refusedStatus(answer) });
}
