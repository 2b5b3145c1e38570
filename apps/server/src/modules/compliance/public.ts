/** What other modules may use of compliance: the only file they import from it. */
import type { Db } from '@chrysos/db';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { KycState } from './kyc-state.ts';
import type { ExclusionHook as Hook } from './take-exclusion.ts';

export { type AuditActor, type AuditEntry, recordAudit } from './audit-log.ts';
export { checkDeposit, checkWithdrawal, isVerified, verifiedColumn } from './check-verification.ts';
export { refuseIfExcluded } from './exclusion-refusal.ts';
export { announcedPolicyVersions, privacyPolicyStatus, recordSignUpAcceptance } from './privacy-policy.ts';
export { exclusionInForce, holdsPlay } from './read-exclusions.ts';
export { checkDepositLimit, depositAllowance, sessionLimitMinutesSql } from './read-limits.ts';
export { realityCheckMinutes } from './reality-check.ts';
export { requirePlayerNotExcluded } from './require-player-not-excluded.ts';
export type { ExclusionHook } from './take-exclusion.ts';
export { isBlockedCountry, isBotUserAgent } from './visitor.ts';

// The services this module decorates the app with, as the modules that list it among their dependencies see them.
declare module 'fastify' {
  interface FastifyInstance {
    compliance: {
      /** Runs `hook` in the transaction of every time-out and self-exclusion taken. */
      whenExcluded(hook: Hook): void;
      /** Whether the player has an exclusion not yet lifted (in the caller's transaction `db`). */
      unlifted(db: Db, playerId: string): Promise<boolean>;
      /** Spec §3 `verified` of the player `playerId` as a column of another query (check-verification.ts). */
      verifiedColumn(playerId: SQLWrapper): SQL<boolean>;
      /** The back office's search by KYC state, as a condition on `playerId` (kyc-state.ts). */
      kycCondition(state: KycState, playerId: SQLWrapper): SQL;
    };
  }
}
