/** What other modules may use of realtime: the only file they import from it. */
export type {
  BonusStage,
  PrivateChannelName,
  PrivateChannels,
  PublicChannelName,
  PublicChannels,
} from './channels.ts';
export type { Realtime, RealtimeSettings } from './realtime.ts';
