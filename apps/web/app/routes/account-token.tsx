import { useMatches } from 'react-router';
import { type EmailTokenKind, EmailTokenPage } from '../features/account/EmailTokenPage';
import { pageMeta } from '../features/content/meta';
import type { Route } from './+types/account-token';

const kindOf = (routeId: string | undefined): EmailTokenKind =>
  routeId === 'unlock' ? 'unlock' : 'confirmation';

// A page that holds a one-time token in its address is never indexed.
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, kindOf(args.matches.at(-1)?.id), 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

export default function AccountTokenRoute() {
  return <EmailTokenPage kind={kindOf(useMatches().at(-1)?.id)} />;
}
