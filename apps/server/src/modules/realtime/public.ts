/** What other modules may use of realtime: the only file they import from it. */
export type {
  PrivateChannelName,
  PrivateChannels,
  PublicChannelName,
  PublicChannels,
} from './channels.ts';
export { connectionOrigin, type Realtime, type RealtimeSettings } from './realtime.ts';
