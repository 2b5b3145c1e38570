import { appContext } from '#app-context';
import { pageMeta } from '../features/content/meta';
import { LotteryTickets } from '../features/lottery/LotteryTickets';
import { loadLotteryTab } from '../features/lottery/lottery-pages.server';
import '../styles/lottery.css';
import type { Route } from './+types/profile-lottery';

/** The signed-in player's tickets; null for a visitor (the profile layout asks them to sign in). */
export function loader({ context }: Route.LoaderArgs) {
  return loadLotteryTab(context.get(appContext));
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-lottery', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** /profile/lottery: the player's lottery tickets this week and their past draws. */
export default function ProfileLotteryPage({ loaderData }: Route.ComponentProps) {
  return loaderData ? <LotteryTickets lottery={loaderData.lottery} /> : null;
}
