import { pageMeta } from '../features/content/meta';
import { LoyaltyPanel } from '../features/loyalty/LoyaltyPanel';
import '../styles/loyalty.css';
import type { Route } from './+types/profile-loyalty';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-loyalty', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** /profile/loyalty (issue 18): the player's comp points live, level, progress and the exchange. */
export default function ProfileLoyaltyPage() {
  return <LoyaltyPanel />;
}
