import { localeFromPath, localizePath } from '@chrysos/rules';
import { redirect } from 'react-router';
import { appContext } from '#app-context';
import { walletDepositPath } from '../features/cashier/cashier-rules';
import { DepositLanding } from '../features/cashier/DepositLanding';
import { pageMeta } from '../features/content/meta';
import { pageUrl } from '../lib/request-url';
import type { Route } from './+types/deposit';

/** A player whose country has the cashier switched off deposits on the wallet page instead. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { player, cashierDisabled } = context.get(appContext);
  const url = pageUrl(request);
  if (player && cashierDisabled) {
    throw redirect(`${localizePath(walletDepositPath, localeFromPath(url.pathname))}${url.search}`);
  }
  return null;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'deposit', 'Chrysos Casino');

export default function DepositPage() {
  return <DepositLanding />;
}
