import { appContext } from '#app-context';
import { ExclusionSection } from '../features/compliance/ExclusionSection';
import { LimitsSection } from '../features/compliance/limits/LimitsSection';
import { limitsAction } from '../features/compliance/limits/limits-action.server';
import { loadLimitsPage } from '../features/compliance/limits-page.server';
import { pageMeta } from '../features/content/meta';
import type { Route } from './+types/profile-limits';

/** The signed-in player's limits and exclusions; null for a visitor. */
export function loader({ context }: Route.LoaderArgs) {
  return loadLimitsPage(context.get(appContext));
}

/** A limit set, removed, or its pending change cancelled (by a fetcher, or a plain form without JavaScript). */
export function action({ request, context }: Route.ActionArgs) {
  return limitsAction(request, context);
}

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
  return (
    <>
      <LimitsSection limits={loaderData.limits} posted={actionData} />
      <ExclusionSection exclusions={loaderData.exclusions} />
    </>
  );
}
