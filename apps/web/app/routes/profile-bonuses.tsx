import { BonusesPanel } from '../features/bonuses/BonusesPanel';
import { pageMeta } from '../features/content/meta';
import type { Route } from './+types/profile-bonuses';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-bonuses', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** Issue 16 /profile/bonuses: the player's bonuses, free spins, lootboxes and coupons. */
export default function ProfileBonusesPage() {
  return <BonusesPanel />;
}
