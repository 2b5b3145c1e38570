/** What other modules may use of compliance: the only file they import from it. */
export { type AuditActor, type AuditEntry, recordAudit } from './audit-log.ts';
export { checkDeposit, checkWithdrawal, isVerified, verifiedColumn } from './check-verification.ts';
export { refuseIfExcluded } from './exclusion-refusal.ts';
export { announcedPolicyVersions, privacyPolicyStatus } from './privacy-policy.ts';
export { exclusionInForce, holdsPlay } from './read-exclusions.ts';
export { checkDepositLimit, depositAllowance } from './read-limits.ts';
export { realityCheckMinutes } from './reality-check.ts';
export { requirePlayerNotExcluded } from './require-player-not-excluded.ts';
export type { ExclusionHook } from './take-exclusion.ts';
export { isBlockedCountry, isBotUserAgent } from './visitor.ts';
