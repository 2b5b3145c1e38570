/** What other modules may use of auth: the only file they import from it. */
export { sendAccountEmail } from './account-emails.ts';
export { isCommonPassword } from './common-passwords.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { requirePlayer, requirePlayerNotExcluded } from './require-player.ts';
export {
  hashToken,
  playerIdForSession,
  randomToken,
  sessionCookieName,
  sessionLimitThatEnded,
} from './sessions.ts';
export { emailDns } from './validate-email.ts';
