import { ExclusionSection } from '../features/compliance/ExclusionSection';
import { LimitsSection } from '../features/compliance/limits/LimitsSection';
import { pageMeta } from '../features/content/meta';
import type { Route } from './+types/profile-limits';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-limits', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/**
 * Issue 17 /profile/limits, the responsible-gaming tab: the player's limits (deposit, loss, wager,
 * session time), then breaks and self-exclusion.
 */
export default function ProfileLimitsPage() {
  return (
    <>
      <LimitsSection />
      <ExclusionSection />
    </>
  );
}
