import { legacyRedirect } from '@chrysos/rules';
import { data, redirect } from 'react-router';
import { pageUrl } from '../lib/request-url';
import type { Route } from './+types/redirect';

/** Old addresses and bare section paths (rules in @chrysos/rules): a permanent redirect, query kept. */
export function loader({ request }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const target = legacyRedirect(url.pathname);
  if (!target) throw data(null, { status: 404 });
  const search = target.includes('?') || !url.search ? '' : url.search;
  throw redirect(`${target}${search}`, 301);
}

export default function Redirect() {
  return null;
}
