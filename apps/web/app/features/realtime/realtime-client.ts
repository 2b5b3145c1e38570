import type { ChannelPositions, ListenedChannels, RealtimeSettings } from '@chrysos/contract';
import type { Centrifuge, Subscription } from 'centrifuge';

/**
 * Spec §7 Realtime subscriptions: the player's private channels (`<name>#<user>`, user from the
 * settings' `cent`) and the public ones, with what each carries, as the contract declares them for the
 * server that publishes and the pages that listen.
 */
export type RealtimeChannels = ListenedChannels;
export type RealtimeChannel = keyof RealtimeChannels & string;

export interface ChannelListener<N extends RealtimeChannel> {
  /** A publication, in order, each once (recovered ones after a reconnect included). */
  onData(data: RealtimeChannels[N]): void;
  /**
   * The channel is subscribed (`true`) or not (`false`: connecting, or the server is unreachable).
   * `stale` is set when publications may have been missed that could not be recovered (a first
   * subscribe with no position to recover from, or a gap the history no longer covers): the listener
   * reads the source of truth again.
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
 * expires, and each subscription recovers what was published while it was away. A channel's first
 * subscription recovers from its position in `since()` (where it stood when the data its listeners
 * show was read), when there is one.
 */
export async function startRealtime(
  settings: RealtimeSettings & { user: string; token: string },
  loadSettings: () => Promise<RealtimeSettings | null>,
  since: () => ChannelPositions | null = () => null,
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
    const position = since()?.[name];
    const subscription = client.newSubscription(
      name.startsWith('public:') ? name : `${name}#${settings.user}`,
      position ? { since: position } : {},
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
