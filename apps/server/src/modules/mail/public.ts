/** What other modules may use of mail: the only file they import from it. */
import type { Mailer } from './mailer.ts';

export { sentRecently } from './sent-recently.ts';
export type { TemplateName } from './templates.ts';

// The services this module decorates the app with, as the modules that list it among their dependencies see them.
declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}
