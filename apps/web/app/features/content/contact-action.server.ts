import { endpoints } from '@chrysos/contract/client';
import { localeFromPath } from '@chrysos/rules';
import { data } from 'react-router';
import type { AppContext } from '../../lib/app-context';
import { refusedStatus } from '../../lib/form-action.server';
import { pageUrl } from '../../lib/request-url';

export const contactFields = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof contactFields)[number];

/**
 * The answer of /support's action, for the form's fetcher or the page rendered with it (without
 * JavaScript): sent, or the API's refusal (each field's problem by its code) with what was typed, so the
 * form shows it again.
 */
export type ContactResult =
  | { ok: true }
  | {
      ok: false;
      refusal: { ok: false; status: number; body: unknown } | null;
      values: Record<ContactField, string>;
    };

/**
 * Sends the support page's contact form (spec §7 POST /send_contact_message) through the in-process API
 * as the visitor of the request (decision 9: their address for the API's rate limit), in the page's
 * language; the API checks the fields with the contract's schema and answers each problem by its code.
 */
export async function contactAction(request: Request, app: AppContext, form: FormData) {
  const values = Object.fromEntries(
    contactFields.map((field) => [field, String(form.get(field) ?? '')]),
  ) as Record<ContactField, string>;
  const locale = localeFromPath(pageUrl(request).pathname);
  const answer = await app
    .api(endpoints.support.sendContactMessage, { body: { ...values, locale } })
    .catch(() => null);
  if (answer?.ok) return { ok: true } satisfies ContactResult;
  const refusal = answer as { ok: false; status: number; body: unknown } | null;
  return data({ ok: false, refusal, values } satisfies ContactResult, { status: refusedStatus(refusal) });
}
