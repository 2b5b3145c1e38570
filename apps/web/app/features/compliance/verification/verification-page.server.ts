import type { VerificationStatus } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../../lib/app-context';

/**
 * /profile/general/verification: the signed-in player's documents and what verification still needs,
 * read by the route's loader in-process as the player (decision 9), so it is in the server's HTML. Null
 * for a visitor (the profile layout asks them to sign in); `status` is null when it cannot be read and
 * the page says so, with a retry.
 */
export async function loadVerificationPage(
  app: AppContext,
): Promise<{ status: VerificationStatus | null } | null> {
  if (!app.player) return null;
  const answer = await app.api(endpoints.verification.documents, {}).catch(() => null);
  return { status: answer?.ok ? answer.body : null };
}
