import {
  type ChannelPositions,
  type PrivateChannelName,
  type PrivateChannels,
  type PublicChannelName,
  type PublicChannels,
  privateChannel,
  privateChannelNames,
  publicChannel,
  publicChannelNames,
} from '@chrysos/contract';
import type { Db } from '@chrysos/db';
import type { Config } from '../../platform/config.ts';
import type { HandlerContext } from '../../platform/events.ts';
import type { Broker } from './broker.ts';
import type { CentrifugoApi } from './centrifugo-api.ts';
import { channelUserOf } from './channels.ts';
import { appendPublications, type Publication } from './history.ts';
import type { ConnectionTokens } from './tokens.ts';

/** Publications stored in the product's own history and fanned out by its broker. */
interface ProductTarget {
  kind: 'product';
  broker: () => Broker;
  /** Where the named channels stand now (history.ts channelPositions). */
  positions: (channels: string[]) => Promise<Map<string, { offset: number; epoch: string }>>;
}

/** What the browser needs to connect (spec §3 Realtime settings): GET /api/player/settings `cent`. */
export interface RealtimeSettings {
  url: string;
  /** The player's channel suffix (`<channel>#<user>`); null for a visitor, who has public channels only. */
  user: string | null;
  token: string | null;
  /** When the token was issued (Unix seconds). */
  timestamp: number;
}

/**
 * `app.realtime`: the typed publish API event handlers call (spec §7 Realtime subscriptions) and the
 * connection settings. Publications are made from domain-event handlers, inside their transaction: stored
 * in the channel's history with it, and sent to the connections once it has committed.
 */
export class Realtime {
  readonly #secret: string;
  readonly #users = new Map<string, string>();
  readonly #tokens: ConnectionTokens;
  readonly #url: string;
  readonly #target: ProductTarget | { kind: 'centrifugo'; api: CentrifugoApi };
  /** A handler batch's publications not stored yet, by its transaction. */
  readonly #pending = new WeakMap<Db, Publication[]>();
  readonly #published: (count: number) => void;

  constructor(options: {
    secret: string;
    tokens: ConnectionTokens;
    url: string;
    target: ProductTarget | { kind: 'centrifugo'; api: CentrifugoApi };
    /** Told how many publications went out (to the broker once committed, or to Centrifugo): the metrics. */
    published?: (count: number) => void;
  }) {
    this.#secret = options.secret;
    this.#tokens = options.tokens;
    this.#url = options.url;
    this.#target = options.target;
    this.#published = options.published ?? (() => {});
  }

  /** The player's channel suffix (an HMAC, kept for the players seen lately: every push names one). */
  userOf(playerId: string): string {
    let user = this.#users.get(playerId);
    if (user === undefined) {
      if (this.#users.size >= 100_000) this.#users.clear();
      user = channelUserOf(this.#secret, playerId);
      this.#users.set(playerId, user);
    }
    return user;
  }

  /** The private channel `name` of a player, as a client subscribes to it. */
  channelOf(name: PrivateChannelName, playerId: string): string {
    return privateChannel(name, this.userOf(playerId));
  }

  /**
   * Where each of the player's channels and the public ones stand, read before a page reads its data
   * (the page context): the page subscribes from there and so misses nothing published in between,
   * without reading its data again. Null when an operator's Centrifugo keeps the streams.
   */
  async positionsFor(playerId: string): Promise<ChannelPositions | null> {
    if (this.#target.kind !== 'product') return null;
    const listened = [
      ...privateChannelNames.map((name) => [name, this.channelOf(name, playerId)] as const),
      ...publicChannelNames.map((name) => [publicChannel(name), publicChannel(name)] as const),
    ];
    const positions = await this.#target.positions(listened.map(([, channel]) => channel));
    return Object.fromEntries(listened.map(([name, channel]) => [name, positions.get(channel)]));
  }

  async settings(playerId: string | null | undefined): Promise<RealtimeSettings> {
    const now = Date.now();
    if (!playerId) return { url: this.#url, user: null, token: null, timestamp: Math.floor(now / 1000) };
    const user = this.userOf(playerId);
    const { token, issuedAt } = await this.#tokens.sign(user, now);
    return { url: this.#url, user, token, timestamp: issuedAt };
  }

  /**
   * Publishes `data` on the player's private channel `name` from an event handler: `key` names the
   * publication (the event's id and what it is), so a handler run again does not publish twice to a
   * Centrifugo.
   */
  publishToPlayer<N extends PrivateChannelName>(
    context: PublishContext,
    name: N,
    playerId: string,
    data: PrivateChannels[N],
    key: string,
  ): Promise<void> {
    return this.#publish(context, this.channelOf(name, playerId), data, key);
  }

  /**
   * Publishes on the player's private channel `name` what `read` answers once the channel's row is locked
   * (nothing when it answers undefined): the object as it is when the publication is stored. Two handlers
   * that publish one object (a bonus's stage, its wagering progress) then store it in the order they read
   * it; read earlier, a stale copy could be stored after a fresher one and stay the page's last word.
   */
  async publishCurrentToPlayer<N extends PrivateChannelName>(
    context: PublishContext,
    name: N,
    playerId: string,
    read: (db: Db) => Promise<PrivateChannels[N] | undefined>,
    key: string,
  ): Promise<void> {
    const channel = this.channelOf(name, playerId);
    const target = this.#target;
    if (target.kind === 'centrifugo') {
      const data = await read(context.db);
      if (data !== undefined) await this.#toCentrifugo(target.api, channel, data, key);
      return;
    }
    await this.#store(context, [{ channel, read }]);
  }

  /**
   * Publishes each item on its player's private channel `name`, in the order given, from an event
   * handler that gathered a batch of them (one statement stores them all): as `publishToPlayer` each.
   */
  async publishManyToPlayers<N extends PrivateChannelName>(
    context: PublishContext,
    name: N,
    items: { playerId: string; data: PrivateChannels[N]; key: string }[],
  ): Promise<void> {
    const target = this.#target;
    if (target.kind === 'centrifugo') {
      for (const item of items)
        await this.#toCentrifugo(target.api, this.channelOf(name, item.playerId), item.data, item.key);
      return;
    }
    await this.#store(
      context,
      items.map((item) => ({ channel: this.channelOf(name, item.playerId), data: item.data })),
    );
  }

  /** Publishes `data` on the public channel `public:<name>` from an event handler. */
  publishToAll<N extends PublicChannelName>(
    context: PublishContext,
    name: N,
    data: PublicChannels[N],
    key: string,
  ): Promise<void> {
    return this.#publish(context, publicChannel(name), data, key);
  }

  async #publish(context: PublishContext, channel: string, data: unknown, key: string) {
    const target = this.#target;
    if (target.kind === 'centrifugo') {
      // Inside the handler: a failure rolls its batch back and the event is handled again.
      await this.#toCentrifugo(target.api, channel, data, key);
      return;
    }
    await this.#store(context, [{ channel, data }]);
  }

  async #toCentrifugo(api: CentrifugoApi, channel: string, data: unknown, key: string): Promise<void> {
    await api.publish(channel, data, key);
    this.#published(1);
  }

  async #toBroker(broker: Broker, stored: Parameters<Broker['publish']>[0]): Promise<void> {
    await broker.publish(stored);
    this.#published(stored.length);
  }

  /**
   * Stores publications in the channels' history and sends them once the transaction has committed. In
   * an event handler they are stored at the end of its batch, all in one statement, which locks their
   * channels' rows in channel order: stored as they came, a handler locked one player's channel and then
   * another's, while a handler storing a batch locked them sorted, and PostgreSQL aborted one of the two
   * as a deadlock (seen in the bank tests' log).
   */
  async #store(context: PublishContext, publications: Publication[]): Promise<void> {
    const target = this.#target;
    if (target.kind !== 'product') return;
    if (!context.beforeCommit) {
      const stored = await appendPublications(context.db, publications);
      context.afterCommit(() => this.#toBroker(target.broker(), stored));
      return;
    }
    const pending = this.#pending.get(context.db);
    if (pending) {
      pending.push(...publications);
      return;
    }
    const batch = [...publications];
    this.#pending.set(context.db, batch);
    context.beforeCommit(
      'realtime.publications',
      async () => {
        this.#pending.delete(context.db);
        const stored = await appendPublications(context.db, batch);
        context.afterCommit(() => this.#toBroker(target.broker(), stored));
      },
      { last: true },
    );
  }
}

/** Where a publication is made: a handler's transaction (which stores it at the batch's end) or another. */
type PublishContext = Pick<HandlerContext, 'db' | 'afterCommit'> &
  Partial<Pick<HandlerContext, 'beforeCommit'>>;

/** The origin of that connection, which the site's Content-Security-Policy names in connect-src. */
export const connectionOrigin = (config: Config): string => new URL(connectionUrl(config)).origin;

/** ws(s)://<PUBLIC_URL host>/connection/websocket, or the operator's Centrifugo. */
export function connectionUrl(config: Config): string {
  if (config.CENTRIFUGO_PUBLIC_URL) return config.CENTRIFUGO_PUBLIC_URL;
  const url = new URL('/connection/websocket', config.PUBLIC_URL);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
