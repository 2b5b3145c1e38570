/** What other modules may use of auth: the only file they import from it. */
export { playerIdForSession, sessionEndedFor, sessionLimitThatEnded } from './sessions.ts';
export { emailDns } from './validate-email.ts';
