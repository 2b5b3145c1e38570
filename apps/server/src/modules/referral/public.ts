/** What other modules may use of referral: the only file they import from it. */
export { processReferral } from './process-referral.ts';
