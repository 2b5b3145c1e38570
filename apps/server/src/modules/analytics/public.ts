import type { Db } from '@chrysos/db';
import type { PlatformEvent } from './track.ts';

/**
 * What other modules may use of analytics: the only file they import from it. Events are recorded
 * through `app.analytics.track` (index.ts), which stores and forwards them.
 */
export type { PlatformEvent } from './track.ts';

// The services this module decorates the app with, as the modules that list it among their dependencies see them.
declare module 'fastify' {
  interface FastifyInstance {
    analytics: {
      /**
       * Records events of the platform's own (source `platform`), each message id once, and forwards
       * the new ones. `inTransaction`: `db` is a transaction of the caller's.
       */
      track(db: Db, events: readonly PlatformEvent[], options: { inTransaction: boolean }): Promise<void>;
    };
  }
}
