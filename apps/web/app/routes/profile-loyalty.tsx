import { appContext } from '#app-context';
import { pageMeta } from '../features/content/meta';
import { exchangeAction } from '../features/loyalty/exchange-action.server';
import { LoyaltyPanel } from '../features/loyalty/LoyaltyPanel';
import { loadLoyaltyTab } from '../features/loyalty/loyalty-pages.server';
import { formOf } from '../lib/form-action.server';
import '../styles/loyalty.css';
import type { Route } from './+types/profile-loyalty';

/** The signed-in player's comp points; null for a visitor (the profile layout asks them to sign in). */
export function loader({ context }: Route.LoaderArgs) {
  return loadLoyaltyTab(context.get(appContext));
}

/** Comp points exchanged for real money (by a fetcher, or a plain form without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  return exchangeAction(context.get(appContext), await formOf(request));
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-loyalty', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** /profile/loyalty (issue 18): the player's comp points live, level, progress and the exchange. */
export default function ProfileLoyaltyPage({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData ? (
    <LoyaltyPanel
      compPoints={loaderData.compPoints}
      exchangeKey={loaderData.exchangeKey}
      posted={actionData}
    />
  ) : null;
}
