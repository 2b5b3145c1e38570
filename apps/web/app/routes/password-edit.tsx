import { PasswordResetPage } from '../features/account/PasswordResetPage';
import { pageMeta } from '../features/content/meta';
import type { Route } from './+types/password-edit';

// The address holds a one-time token: never indexed.
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'password-edit', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

export default function PasswordEditRoute() {
  return <PasswordResetPage />;
}
