import { appContext } from '#app-context';
import { BonusesPanel } from '../features/bonuses/BonusesPanel';
import { loadBonusesPage } from '../features/bonuses/bonus-pages.server';
import { bonusesAction } from '../features/bonuses/bonuses-action.server';
import { pageMeta } from '../features/content/meta';
import { formOf } from '../lib/form-action.server';
import type { Route } from './+types/profile-bonuses';

/** The signed-in player's bonuses, free spins and lootboxes; null for a visitor. */
export function loader({ context }: Route.LoaderArgs) {
  return loadBonusesPage(context.get(appContext));
}

/**
 * A coupon redeemed, a bonus activated or cancelled, free spins started or a lootbox opened (by a
 * fetcher, or a plain form without JavaScript): the form's `intent` says which.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return bonusesAction(request, context.get(appContext), await formOf(request));
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-bonuses', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** Issue 16 /profile/bonuses: the player's bonuses, free spins, lootboxes and coupons. */
export default function ProfileBonusesPage({ loaderData, actionData }: Route.ComponentProps) {
  // A visitor is asked to sign in by the profile layout, which renders no tab for them.
  return loaderData ? <BonusesPanel data={loaderData} posted={actionData} /> : null;
}
