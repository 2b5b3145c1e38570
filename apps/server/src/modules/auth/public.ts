/** What other modules may use of auth: the only file they import from it. */
import type { Captcha } from './captcha.ts';

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
  }
}
