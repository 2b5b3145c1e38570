import { appContext } from '#app-context';
import { VerificationPanel } from '../features/compliance/verification/VerificationPanel';
import { loadVerificationPage } from '../features/compliance/verification/verification-page.server';
import { pageMeta } from '../features/content/meta';
import type { Route } from './+types/profile-verification';
import '../styles/verification.css';

/** The signed-in player's documents and verification state; null for a visitor. */
export function loader({ context }: Route.LoaderArgs) {
  return loadVerificationPage(context.get(appContext));
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-verification', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** Issue 17 /profile/general/verification (where /documents leads): identity documents and their review. */
export default function ProfileVerificationPage({ loaderData }: Route.ComponentProps) {
  return loaderData ? <VerificationPanel status={loaderData.status} /> : null;
}
