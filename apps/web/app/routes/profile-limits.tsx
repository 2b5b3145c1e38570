import { appContext } from '#app-context';
import { ExclusionSection } from '../features/compliance/ExclusionSection';
import {
  type ExclusionsResult,
  exclusionIntents,
  exclusionsAction,
} from '../features/compliance/exclusions/exclusions-action.server';
import { LimitsSection } from '../features/compliance/limits/LimitsSection';
import { type LimitsResult, limitsAction } from '../features/compliance/limits/limits-action.server';
import { loadLimitsPage } from '../features/compliance/limits-page.server';
import { pageMeta } from '../features/content/meta';
import { formOf } from '../lib/form-action.server';
import type { Route } from './+types/profile-limits';

/** The signed-in player's limits and exclusions; null for a visitor. */
export function loader({ context }: Route.LoaderArgs) {
  return loadLimitsPage(context.get(appContext));
}

/**
 * A limit set, removed, or its pending change cancelled; a break or self-exclusion taken, or an ended one
 * lifted (by a fetcher, or a plain form without JavaScript): the form's `intent` says which.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await formOf(request);
  return exclusionIntents.includes(String(form.get('intent')))
    ? exclusionsAction(request, app, form)
    : limitsAction(app, form);
}

/** Whether the action answered the limits part of the page (by its `intent`) rather than the exclusions. */
const limitsIntents: readonly string[] = ['set', 'remove', 'cancel'] satisfies LimitsResult['intent'][];

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-limits', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/**
 * Issue 17 /profile/limits, the responsible-gaming tab: the player's limits (deposit, loss, wager,
 * session time), then breaks and self-exclusion, as the route's loader read them.
 */
export default function ProfileLimitsPage({ loaderData, actionData }: Route.ComponentProps) {
  // A visitor is asked to sign in by the profile layout, which renders no tab for them.
  if (!loaderData) return null;
  const limitsAnswer = actionData && limitsIntents.includes(actionData.intent);
  return (
    <>
      <LimitsSection
        limits={loaderData.limits}
        posted={limitsAnswer ? (actionData as LimitsResult) : undefined}
      />
      <ExclusionSection
        exclusions={loaderData.exclusions}
        posted={limitsAnswer ? undefined : (actionData as ExclusionsResult | undefined)}
      />
    </>
  );
}
