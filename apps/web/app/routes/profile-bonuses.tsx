import { appContext } from '#app-context';
import { BonusesPanel } from '../features/bonuses/BonusesPanel';
import { loadBonusesPage } from '../features/bonuses/bonus-pages.server';
import { pageMeta } from '../features/content/meta';
import type { Route } from './+types/profile-bonuses';

/** The signed-in player's bonuses, free spins and lootboxes; null for a visitor. */
export function loader({ context }: Route.LoaderArgs) {
  return loadBonusesPage(context.get(appContext));
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-bonuses', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** Issue 16 /profile/bonuses: the player's bonuses, free spins, lootboxes and coupons. */
export default function ProfileBonusesPage({ loaderData }: Route.ComponentProps) {
  // A visitor is asked to sign in by the profile layout, which renders no tab for them.
  return loaderData ? <BonusesPanel data={loaderData} /> : null;
}
