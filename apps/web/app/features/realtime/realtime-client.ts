import type {
  Account,
  Bonus,
  Freespin,
  LeaderboardRow,
  Lootbox,
  Payment,
  RealtimeSettings,
  TournamentStatus,
} from '@chrysos/contract';
import type { Centrifuge, Subscription } from 'centrifuge';

/**
 * Spec §7 Realtime subscriptions: the player's private channels (`<name>#<user>`, user from the
 * settings' `cent`) and what each carries: the bonus engine's channels one bonus, free spins or
 * lootbox each (its player API's shapes); comp points arrive with loyalty.
 */
export interface RealtimeChannels {
  balance: Account[];
  groups_updates: { id: string }[];
  bonuses_changes: Bonus;
  freespins_changes: Freespin;
  lootboxes_changes: Lootbox;
  comps_award: { points: number };
  /** The player's points, place or prize in one tournament changed. */
  tournaments_statuses: TournamentStatus;
  /** The player's lottery tickets or a prize changed: GET /player/lottery has them. */
  lottery_changes: { draw_id: string; kind: 'tickets' | 'prize' };
  /** Public channels, the same for every connection: a big or jackpot win as it happens… */
  'public:wins': {
    game_code: string | null;
    currency: string;
    amount_cents: number;
    player: string;
    at: string;
    jackpot?: 'mini' | 'major' | 'grand';
  };
  /** …and a jackpot tier's new amount (`id` the tier), at most twice a second per tier. */
  'public:jackpots_changes': { id: string; currency: string; amount_cents: number };
  /** The top of a tournament's board after it changed: a hint to read the board again. */
  'public:tournaments_leaderboards': { tournament_id: string; top: LeaderboardRow[] };
  /** Today's wheel spin was earned or used: GET /player/wheel has the rest. */
  wheel_changes: { can_spin: boolean; seed_hash: string | null; day: string };
  /** An event of the operator's CRM: content realtimeCrmConfigure says what to show for it. */
  crm_events: { event: string };
  /** A withdrawal took a step of its timeline (requested, approved, sent, or its end): the payment now. */
  payments_changes: Payment;
}
export type RealtimeChannel = keyof RealtimeChannels & string;

export interface ChannelListener<N extends RealtimeChannel> {
  /** A publication, in order, each once (recovered ones after a reconnect included). */
  onData(data: RealtimeChannels[N]): void;
  /**
   * The channel is subscribed (`true`) or not (`false`: connecting, or the server is unreachable).
   * `stale` is set when publications may have been missed that could not be recovered (a first
   * subscribe, or a gap the history no longer covers): the listener reads the source of truth again.
   */
  onLive?(live: boolean, stale: boolean): void;
}

export interface RealtimeClient {
  /** Listens to one of the player's channels; the returned function stops listening. */
  listen<N extends RealtimeChannel>(name: N, listener: ChannelListener<N>): () => void;
  /** Disconnects for good (sign-out). */
  stop(): void;
}

interface Channel {
  subscription: Subscription;
  listeners: Set<ChannelListener<RealtimeChannel>>;
  live: boolean;
}

/**
 * Connects with the official `centrifuge` client to the URL of the realtime settings, with their token;
 * the client reconnects with its own back-off, asking `loadSettings` for a fresh token when the old one
 * expires, and each subscription recovers what was published while it was away.
 */
export async function startRealtime(
  settings: RealtimeSettings & { user: string; token: string },
  loadSettings: () => Promise<RealtimeSettings | null>,
): Promise<RealtimeClient> {
  const { Centrifuge } = await import('centrifuge');
  const client: Centrifuge = new Centrifuge(settings.url, {
    token: settings.token,
    // The library's jittered back-off, capped at 5 s rather than 20: after a restart the balance is
    // pushed again within seconds (the poll covers the wait).
    maxReconnectDelay: 5_000,
    getToken: async () => (await loadSettings())?.token ?? '',
  });
  const channels = new Map<RealtimeChannel, Channel>();

  const open = (name: RealtimeChannel): Channel => {
    const existing = channels.get(name);
    if (existing) return existing;
    // A public channel is named as it is; a private one carries the player's channel suffix.
    const subscription = client.newSubscription(
      name.startsWith('public:') ? name : `${name}#${settings.user}`,
    );
    const channel: Channel = { subscription, listeners: new Set(), live: false };
    subscription.on('publication', (ctx) => {
      for (const listener of channel.listeners) listener.onData(ctx.data);
    });
    subscription.on('subscribed', (ctx) => {
      channel.live = true;
      // Recovered: what was missed arrives as publications. Otherwise the state is read afresh.
      const stale = !(ctx.wasRecovering && ctx.recovered);
      for (const listener of channel.listeners) listener.onLive?.(true, stale);
    });
    const down = () => {
      if (!channel.live) return;
      channel.live = false;
      for (const listener of channel.listeners) listener.onLive?.(false, false);
    };
    subscription.on('subscribing', down);
    subscription.on('unsubscribed', down);
    subscription.subscribe();
    channels.set(name, channel);
    return channel;
  };

  client.connect();
  return {
    listen(name, listener) {
      const channel = open(name);
      const added = listener as ChannelListener<RealtimeChannel>;
      channel.listeners.add(added);
      if (channel.live) added.onLive?.(true, true);
      return () => {
        channel.listeners.delete(added);
      };
    },
    stop() {
      client.disconnect();
      client.removeAllListeners();
      channels.clear();
    },
  };
}
