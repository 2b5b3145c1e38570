/** What other modules may use of auth: the only file they import from it. */
import type { Captcha } from './captcha.ts';
import type { CredentialsService } from './credentials.ts';

export {
  endPlayerSessions,
  playerIdForSession,
  sessionEndedFor,
  sessionLimitThatEnded,
  sessionStartedAt,
} from './sessions.ts';
export { emailDns } from './validate-email.ts';

// The services this module decorates the app with, as the modules that list it among their dependencies see them.
declare module 'fastify' {
  interface FastifyInstance {
    captcha: Captcha;
    /** What the player module asks of how a player signs in (credentials.ts). */
    credentials: CredentialsService;
  }
}
