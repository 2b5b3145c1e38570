import {
  type Exclusion,
  type ExclusionKind,
  type ExclusionPeriod,
  takeExclusionBody,
} from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { localeFromPath } from '@chrysos/rules';
import { data, redirectDocument } from 'react-router';
import { z } from 'zod';
import type { AppContext } from '../../../lib/app-context';
import { type Refusal, refusedStatus } from '../../../lib/form-action.server';
import { pageUrl } from '../../../lib/request-url';
import { excludedPath } from './excluded-path';

/** What the break and self-exclusion forms and the lift buttons ask for. */
export type ExclusionIntent = 'exclude' | 'lift';
export const exclusionIntents: readonly string[] = ['exclude', 'lift'] satisfies ExclusionIntent[];

/**
 * The answer of the exclusions' part of /profile/limits' action, for the fetcher (with JavaScript) or
 * the page rendered with it (without). `confirm`: a break or exclusion asked for without its
 * confirmation (a form posted without JavaScript), which the page now asks for.
 */
export type ExclusionsResult =
  | { intent: 'exclude'; ok: false; confirm: { kind: ExclusionKind; period: ExclusionPeriod } }
  | { intent: 'lift'; ok: true; exclusion: Exclusion }
  | { intent: ExclusionIntent; ok: false; refusal: Refusal; kind?: ExclusionKind };

const liftTarget = z.object({ id: z.uuid() });

const refused = (intent: ExclusionIntent, refusal: Refusal, kind?: ExclusionKind) =>
  data({ intent, ok: false, refusal, ...(kind ? { kind } : {}) } satisfies ExclusionsResult, {
    status: refusedStatus(refusal),
  });

/**
 * Takes a break or a self-exclusion once confirmed (`confirmed=yes`; without it the page asks first),
 * or asks to lift an ended one, through the in-process API as the session's player (decision 9). A
 * break taken ends every session of the player, this one too: the answer is a fresh page load of the
 * sign-in page that says until when, so nothing of the signed-in page outlives the session.
 */
export async function exclusionsAction(request: Request, app: AppContext, form: FormData) {
  const intent = form.get('intent') as ExclusionIntent;
  if (intent === 'lift') {
    const target = liftTarget.safeParse({ id: form.get('id') });
    if (!target.success) return invalid(intent);
    const answer = await app.api(endpoints.exclusions.lift, { params: target.data }).catch(() => null);
    return answer?.ok
      ? ({ intent, ok: true, exclusion: answer.body } satisfies ExclusionsResult)
      : refused(intent, answer as Refusal);
  }
  const asked = takeExclusionBody.safeParse({ kind: form.get('kind'), period: form.get('period') });
  if (!asked.success) return invalid(intent);
  if (form.get('confirmed') !== 'yes') {
    return { intent, ok: false, confirm: asked.data } satisfies ExclusionsResult;
  }
  const answer = await app.api(endpoints.exclusions.take, { body: asked.data }).catch(() => null);
  if (!answer?.ok) return refused(intent, answer as Refusal, asked.data.kind);
  return redirectDocument(excludedPath(localeFromPath(pageUrl(request).pathname), answer.body));
}

/** A form the page never sends (no such exclusion, kind or period): refused before the API is asked. */
const invalid = (intent: ExclusionIntent) =>
  data({ intent, ok: false, refusal: null } satisfies ExclusionsResult, { status: 422 });
