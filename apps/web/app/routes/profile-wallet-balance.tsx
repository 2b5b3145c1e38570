import { appContext } from '#app-context';
import { BalanceOverview } from '../features/cashier/BalanceOverview';
import { switchAccountAction } from '../features/cashier/switch-action.server';
import { pageMeta } from '../features/content/meta';
import { formOf } from '../lib/form-action.server';
import type { Route } from './+types/profile-wallet-balance';

/** An account made active or opened, from this page or the header's account list on any page. */
export async function action({ context, request }: Route.ActionArgs) {
  return switchAccountAction(context.get(appContext), await formOf(request));
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-wallet-balance', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

export default function ProfileWalletBalancePage({ actionData }: Route.ComponentProps) {
  return <BalanceOverview posted={actionData} />;
}
