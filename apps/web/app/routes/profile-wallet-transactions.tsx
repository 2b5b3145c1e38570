import { TransactionHistory } from '../features/cashier/TransactionHistory';
import { loadHistoryPage } from '../features/cashier/wallet-pages.server';
import { contentFor } from '../features/content/load.server';
import { pageMeta } from '../features/content/meta';
import type { Route } from './+types/profile-wallet-transactions';

/** The signed-in player's history page and totals for the address's filters; null for a visitor. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { app, locale, url } = contentFor(request, context);
  return loadHistoryPage(app, url.searchParams, locale);
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-wallet-transactions', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

export default function ProfileWalletTransactionsPage({ loaderData }: Route.ComponentProps) {
  return <TransactionHistory history={loaderData?.history ?? null} totals={loaderData?.totals ?? null} />;
}
