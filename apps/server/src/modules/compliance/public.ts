/** What other modules may use of compliance: the only file they import from it. */
export { isBlockedCountry, isBotUserAgent } from './visitor.ts';
