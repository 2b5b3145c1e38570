import { localeFromPath, localizePath } from '@chrysos/rules';
import { redirect } from 'react-router';
import { appContext } from '#app-context';
import { walletDepositPath } from '../features/cashier/cashier-rules';
import { DepositLanding } from '../features/cashier/DepositLanding';
import { loadDepositPage } from '../features/cashier/wallet-pages.server';
import { pageMeta } from '../features/content/meta';
import { pageUrl } from '../lib/request-url';
import type { Route } from './+types/deposit';

/**
 * A player whose country has the cashier switched off deposits on the wallet page instead. For the
 * others, what the deposit form of the cashier window the page opens shows, so it opens whole; null
 * for a visitor.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = pageUrl(request);
  if (app.player && app.cashierDisabled) {
    throw redirect(`${localizePath(walletDepositPath, localeFromPath(url.pathname))}${url.search}`);
  }
  return loadDepositPage(app);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'deposit', 'Chrysos Casino');

export default function DepositPage() {
  return <DepositLanding />;
}
