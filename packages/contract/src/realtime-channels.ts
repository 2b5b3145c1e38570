import type { Bonus, Freespin, Lootbox } from './bonuses.ts';
import type { PlayerDocument } from './compliance-verification.ts';
import type { LeaderboardRow, TournamentStatus } from './tournaments.ts';
import type { Account, Payment } from './wallet.ts';

/**
 * The channel catalogue (spec §7 Realtime subscriptions, Centrifugo's channel naming): private channels
 * `<name>#<user>`, where `user` is the player's channel suffix (the `sub` of their connection token), and
 * public channels in the `public:` namespace. Nothing else can be subscribed to. Declared once, here, for
 * the server that publishes (apps/server realtime) and the pages that listen (apps/web realtime-client):
 * a channel or a payload changed on one side fails the other's typecheck.
 */

/** What each private channel carries, by name. */
export interface PrivateChannels {
  /** The player's currency accounts after a booking or a payment (spec §3 Account). */
  balance: Account[];
  /** The player's groups after a change: a list of items with id (spec §7). */
  groups_updates: { id: string }[];
  /** One bonus as GET /player/bonuses/ shows it (spec §3 Bonus and freespin), after any change. */
  bonuses_changes: Bonus;
  /** One freespin as GET /player/freespins/ shows it. */
  freespins_changes: Freespin;
  /** One lootbox as GET /player/lootboxes shows it (spec §3 Lootbox). */
  lootboxes_changes: Lootbox;
  /** The player's new comp points (spec §7 comps_award). */
  comps_award: { points: number };
  /** The player's status in one tournament (points, place, prize) after it changed (spec §7 statuses). */
  tournaments_statuses: TournamentStatus;
  /** The fortune wheel's spin of the day was earned (with its committed seed's hash) or used. */
  wheel_changes: { can_spin: boolean; seed_hash: string | null; day: string };
  /** The player's lottery changed: new tickets, or a prize (a hint: GET /player/lottery has the rest). */
  lottery_changes: { draw_id: string; kind: 'tickets' | 'prize' };
  /** An event of the operator's CRM (content realtimeCrmConfigure says what the page shows for it). */
  crm_events: { event: string };
  /** One withdrawal as GET /player/payments/:id shows it, when it takes a step of its timeline. */
  payments_changes: Payment;
  /** One document as GET /player/documents lists it, once an operator approved or rejected it. */
  documents_changes: PlayerDocument;
}

/** What each public channel carries, by name (without the `public:` namespace). */
export interface PublicChannels {
  /** A big win as it happens (REALTIME_BIG_WIN_CENTS and above). */
  wins: {
    game_code: string | null;
    currency: string;
    amount_cents: number;
    player: string;
    at: string;
    /** The tier, when the win is a jackpot's (published by the jackpot's payout). */
    jackpot?: 'mini' | 'major' | 'grand';
  };
  /** A jackpot tier's new amount (`id` the tier: mini, major, grand), at most twice a second per tier. */
  jackpots_changes: { id: string; currency: string; amount_cents: number };
  /** The top of a tournament's board after it changed (a hint: GET /tournaments/:id has the whole board). */
  tournaments_leaderboards: { tournament_id: string; top: LeaderboardRow[] };
}

export type PrivateChannelName = keyof PrivateChannels & string;
export type PublicChannelName = keyof PublicChannels & string;

export const privateChannelNames: readonly PrivateChannelName[] = [
  'balance',
  'groups_updates',
  'bonuses_changes',
  'freespins_changes',
  'lootboxes_changes',
  'comps_award',
  'tournaments_statuses',
  'wheel_changes',
  'lottery_changes',
  'crm_events',
  'payments_changes',
  'documents_changes',
];
export const publicChannelNames: readonly PublicChannelName[] = [
  'wins',
  'jackpots_changes',
  'tournaments_leaderboards',
];

export const publicNamespace = 'public:';

/** A channel as a client names it, understood: private to one user, or public; null for any other name. */
export type ParsedChannel =
  | { kind: 'private'; name: PrivateChannelName; user: string }
  | { kind: 'public'; name: PublicChannelName };

export function parseChannel(channel: string): ParsedChannel | null {
  if (channel.startsWith(publicNamespace)) {
    const name = channel.slice(publicNamespace.length);
    return (publicChannelNames as readonly string[]).includes(name)
      ? { kind: 'public', name: name as PublicChannelName }
      : null;
  }
  const hash = channel.indexOf('#');
  if (hash <= 0) return null;
  const name = channel.slice(0, hash);
  const user = channel.slice(hash + 1);
  if (!(privateChannelNames as readonly string[]).includes(name) || !/^[A-Za-z0-9_-]{1,64}$/.test(user)) {
    return null;
  }
  return { kind: 'private', name: name as PrivateChannelName, user };
}

export function privateChannel(name: PrivateChannelName, user: string): string {
  return `${name}#${user}`;
}

export function publicChannel(name: PublicChannelName): string {
  return `${publicNamespace}${name}`;
}

/** The channels as a page listens to them: private ones by name, public ones with their namespace. */
export type ListenedChannels = PrivateChannels & {
  [N in PublicChannelName as `public:${N}`]: PublicChannels[N];
};

/** Where a channel's stream stands (Centrifugo's stream position); epoch '' for a channel with none yet. */
export interface StreamPosition {
  offset: number;
  epoch: string;
}

/**
 * Where a signed-in player's channels stood before a page read its data: the page's first subscriptions
 * recover from there, so a publication made meanwhile arrives, and nothing is read again.
 */
export type ChannelPositions = Partial<Record<keyof ListenedChannels & string, StreamPosition>>;
