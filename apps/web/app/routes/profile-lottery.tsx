import { pageMeta } from '../features/content/meta';
import { LotteryTickets } from '../features/lottery/LotteryTickets';
import '../styles/lottery.css';
import type { Route } from './+types/profile-lottery';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-lottery', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** /profile/lottery: the player's lottery tickets this week and their past draws. */
export default function ProfileLotteryPage() {
  return <LotteryTickets />;
}
