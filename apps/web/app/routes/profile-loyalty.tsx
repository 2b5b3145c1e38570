import { appContext } from '#app-context';
import { pageMeta } from '../features/content/meta';
import { LoyaltyPanel } from '../features/loyalty/LoyaltyPanel';
import { loadLoyaltyTab } from '../features/loyalty/loyalty-pages.server';
import '../styles/loyalty.css';
import type { Route } from './+types/profile-loyalty';

/** The signed-in player's comp points; null for a visitor (the profile layout asks them to sign in). */
export function loader({ context }: Route.LoaderArgs) {
  return loadLoyaltyTab(context.get(appContext));
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-loyalty', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** /profile/loyalty (issue 18): the player's comp points live, level, progress and the exchange. */
export default function ProfileLoyaltyPage({ loaderData }: Route.ComponentProps) {
  return loaderData ? <LoyaltyPanel compPoints={loaderData.compPoints} /> : null;
}
