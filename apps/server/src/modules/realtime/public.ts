/** What other modules may use of realtime: the only file they import from it. */
import type { Realtime as RealtimeService } from './realtime.ts';

export type {
  PrivateChannelName,
  PrivateChannels,
  PublicChannelName,
  PublicChannels,
} from '@chrysos/contract';
export { connectionOrigin, type Realtime, type RealtimeSettings } from './realtime.ts';

// The services this module decorates the app with, as the modules that list it among their dependencies see them.
declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeService;
  }
}
