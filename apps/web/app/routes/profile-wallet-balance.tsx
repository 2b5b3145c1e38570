import { BalanceOverview } from '../features/cashier/BalanceOverview';
import { pageMeta } from '../features/content/meta';
import type { Route } from './+types/profile-wallet-balance';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-wallet-balance', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

export default function ProfileWalletBalancePage() {
  return <BalanceOverview />;
}
