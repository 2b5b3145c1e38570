import { TransactionHistory } from '../features/cashier/TransactionHistory';
import { pageMeta } from '../features/content/meta';
import type { Route } from './+types/profile-wallet-transactions';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-wallet-transactions', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

export default function ProfileWalletTransactionsPage() {
  return <TransactionHistory />;
}
