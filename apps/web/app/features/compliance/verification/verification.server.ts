import type { VerificationStatus } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../../lib/app-context';

/** The session's player's verification status, read in-process; null when unreadable. */
export async function readVerification(app: AppContext): Promise<VerificationStatus | null> {
  const answer = await app.api(endpoints.verification.documents, {}).catch(() => null);
  return answer?.ok ? answer.body : null;
}
