import { VerificationPanel } from '../features/compliance/verification/VerificationPanel';
import { pageMeta } from '../features/content/meta';
import type { Route } from './+types/profile-verification';
import '../styles/verification.css';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-verification', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** Issue 17 /profile/general/verification (where /documents leads): identity documents and their review. */
export default function ProfileVerificationPage() {
  return <VerificationPanel />;
}
