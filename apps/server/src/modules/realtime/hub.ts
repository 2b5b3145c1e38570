import { randomUUID } from 'node:crypto';
import { parseChannel } from '@chrysos/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ChannelState, StoredPublication } from './history.ts';
import type { ConnectionTokens } from './tokens.ts';

/**
 * The Centrifugo client protocol (v2, JSON: one command or reply per line) as the official `centrifuge`
 * client speaks it over WebSocket: connect with a token, subscribe with recovery by offset and epoch,
 * publications pushed in offset order, refresh, server pings answered by pongs, and Centrifugo's error,
 * unsubscribe and disconnect codes (https://centrifugal.dev/docs/server/codes).
 */

/** Reply errors (client error codes). */
const errors = {
  internal: { code: 100, message: 'internal server error', temporary: true },
  permissionDenied: { code: 103, message: 'permission denied' },
  unknownChannel: { code: 102, message: 'unknown channel' },
  methodNotFound: { code: 104, message: 'method not found' },
  alreadySubscribed: { code: 105, message: 'already subscribed' },
  badRequest: { code: 107, message: 'bad request' },
  tokenExpired: { code: 109, message: 'token expired' },
  tooManyRequests: { code: 111, message: 'too many requests', temporary: true },
} as const;

/**
 * Subscribes one connection may make in a window: each reads the database, and the official client
 * makes a handful (one per channel, again after a reconnect), so a loop of them is refused.
 */
const subscribeLimit = { count: 30, windowMs: 10_000 };

/** Disconnect codes: below 3500 the client reconnects, from 3500 it does not. */
export const disconnects = {
  shutdown: { code: 3001, reason: 'shutdown' },
  expired: { code: 3005, reason: 'connection expired' },
  noPong: { code: 3012, reason: 'no pong' },
  invalidToken: { code: 3500, reason: 'invalid token' },
  badRequest: { code: 3501, reason: 'bad request' },
  stale: { code: 3502, reason: 'stale' },
  connectionLimit: { code: 3504, reason: 'connection limit' },
} as const;

/** Unsubscribe push code after which the client subscribes again, recovering from its position. */
const insufficientState = { code: 2500, reason: 'insufficient state' };

export interface HubOptions {
  tokens: ConnectionTokens;
  /** The channel's position and, when asked, what followed `since` (history.ts). */
  channelState(channel: string, since?: { offset: number; epoch: string }): Promise<ChannelState>;
  log: FastifyBaseLogger;
  /** Seconds between server pings (Centrifugo's default 25). */
  pingSeconds?: number;
  /** How long a new connection may take to send its connect command. */
  connectTimeoutMs?: number;
  /** Connections one user may hold on this instance; one more is closed with 3504. */
  connectionsPerUser?: number;
  /** Connections without a token one client address may hold on this instance. */
  connectionsPerAddress?: number;
}

interface Subscription {
  channel: string;
  epoch: string;
  /** The last offset this client has been sent; the next must be offset + 1. */
  offset: number;
  /** Live publications that arrived while the subscribe reply was being built. */
  pending: StoredPublication[] | null;
}

type Command = {
  id?: number;
  connect?: { token?: string };
  subscribe?: { channel?: string; recover?: boolean; offset?: number; epoch?: string };
  unsubscribe?: { channel?: string };
  refresh?: { token?: string };
  [method: string]: unknown;
};

class Connection {
  readonly id = randomUUID();
  user: string | undefined;
  /** What this connection is counted under for the connection limits, once connected. */
  countedAs: string | undefined;
  expiresAt: number | undefined;
  readonly subscriptions = new Map<string, Subscription>();
  pongDue = false;
  closed = false;
  staleTimer: NodeJS.Timeout | undefined;
  subscribeWindow = { startedAt: 0, count: 0 };
  /** Commands are handled one after the other, as they came. */
  queue: Promise<void> = Promise.resolve();

  readonly socket: WebSocket;
  /** The client's address, by the app's trusted-proxy rules (request.ip). */
  readonly address: string;

  constructor(socket: WebSocket, address: string) {
    this.socket = socket;
    this.address = address;
  }

  send(frame: string): void {
    if (!this.closed) this.socket.send(frame);
  }

  close(reason: { code: number; reason: string }): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(reason.code, reason.reason);
  }
}

/** This instance's connections and their subscriptions; publications are handed to it by the broker. */
export class Hub {
  readonly #options: HubOptions;
  readonly #connections = new Set<Connection>();
  readonly #byChannel = new Map<string, Set<Connection>>();
  /** Connections per user (`user:<id>`) and per address of visitors (`address:<ip>`) on this instance. */
  readonly #counts = new Map<string, number>();
  readonly #ping: NodeJS.Timeout;
  readonly #pingSeconds: number;

  constructor(options: HubOptions) {
    this.#options = options;
    this.#pingSeconds = options.pingSeconds ?? 25;
    this.#ping = setInterval(() => this.#pingAll(), this.#pingSeconds * 1000);
    this.#ping.unref();
  }

  get connections(): number {
    return this.#connections.size;
  }

  accept(socket: WebSocket, address: string): void {
    const connection = new Connection(socket, address);
    this.#connections.add(connection);
    connection.staleTimer = setTimeout(
      () => connection.close(disconnects.stale),
      this.#options.connectTimeoutMs ?? 10_000,
    );
    connection.staleTimer.unref();
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        connection.close(disconnects.badRequest);
        return;
      }
      const text = data.toString();
      connection.queue = connection.queue.then(() => this.#received(connection, text));
    });
    socket.on('close', () => this.#forget(connection));
    socket.on('error', () => this.#forget(connection));
  }

  /** Sends a publication to this instance's subscribers of its channel, each exactly once and in order. */
  deliver(publication: StoredPublication): void {
    const subscribers = this.#byChannel.get(publication.channel);
    if (!subscribers) return;
    // Serialised once for every subscriber.
    const frame = `{"push":{"channel":${JSON.stringify(publication.channel)},"pub":{"data":${JSON.stringify(publication.data)},"offset":${publication.offset}}}}`;
    for (const connection of subscribers) {
      const subscription = connection.subscriptions.get(publication.channel);
      if (!subscription) continue;
      if (subscription.pending) {
        subscription.pending.push(publication);
        continue;
      }
      this.#deliverTo(connection, subscription, publication, frame);
    }
  }

  #deliverTo(
    connection: Connection,
    subscription: Subscription,
    publication: StoredPublication,
    frame: string,
  ) {
    if (publication.epoch === subscription.epoch && publication.offset <= subscription.offset) return;
    if (publication.epoch !== subscription.epoch || publication.offset !== subscription.offset + 1) {
      // A publication went missing on the way (or the history began anew): the client subscribes again
      // and recovers from the last offset it has, so it still gets each one once and in order.
      this.#unsubscribe(connection, subscription.channel);
      connection.send(
        JSON.stringify({ push: { channel: subscription.channel, unsubscribe: insufficientState } }),
      );
      return;
    }
    subscription.offset = publication.offset;
    connection.send(frame);
  }

  /** Tells every client the server is going away; they reconnect (to another instance, or this one later). */
  shutdown(): void {
    clearInterval(this.#ping);
    for (const connection of this.#connections) connection.close(disconnects.shutdown);
  }

  #forget(connection: Connection): void {
    connection.closed = true;
    clearTimeout(connection.staleTimer);
    if (!this.#connections.delete(connection)) return;
    if (connection.countedAs !== undefined) {
      const left = (this.#counts.get(connection.countedAs) ?? 1) - 1;
      if (left > 0) this.#counts.set(connection.countedAs, left);
      else this.#counts.delete(connection.countedAs);
    }
    for (const channel of connection.subscriptions.keys()) this.#unsubscribe(connection, channel);
  }

  #unsubscribe(connection: Connection, channel: string): void {
    connection.subscriptions.delete(channel);
    const subscribers = this.#byChannel.get(channel);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) this.#byChannel.delete(channel);
  }

  #pingAll(): void {
    const now = Date.now() / 1000;
    for (const connection of this.#connections) {
      if (connection.user === undefined) continue;
      if (connection.pongDue) {
        connection.close(disconnects.noPong);
        continue;
      }
      // A token's grace: the client is asked to refresh well before, with the ttl of its connect reply.
      if (connection.expiresAt !== undefined && now > connection.expiresAt + this.#pingSeconds) {
        connection.close(disconnects.expired);
        continue;
      }
      connection.pongDue = true;
      connection.send('{}');
    }
  }

  async #received(connection: Connection, text: string): Promise<void> {
    if (connection.closed) return;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let command: Command;
      try {
        command = JSON.parse(line) as Command;
      } catch {
        connection.close(disconnects.badRequest);
        return;
      }
      if (typeof command !== 'object' || command === null) {
        connection.close(disconnects.badRequest);
        return;
      }
      try {
        await this.#handle(connection, command);
      } catch (error) {
        this.#options.log.error({ err: error }, 'realtime command failed');
        if (command.id) connection.send(JSON.stringify({ id: command.id, error: errors.internal }));
      }
      if (connection.closed) return;
    }
  }

  async #handle(connection: Connection, command: Command): Promise<void> {
    const { id } = command;
    // An empty command is the pong to a ping.
    if (!id) {
      if (Object.keys(command).length === 0) connection.pongDue = false;
      else if (command.send === undefined) connection.close(disconnects.badRequest);
      return;
    }
    const reply = (result: Record<string, unknown>) => connection.send(JSON.stringify({ id, ...result }));
    if (connection.user === undefined) {
      if (!command.connect) {
        connection.close(disconnects.badRequest);
        return;
      }
      await this.#connect(connection, command.connect, reply);
      return;
    }
    if (command.connect) {
      connection.close(disconnects.badRequest);
      return;
    }
    if (command.subscribe) return this.#subscribe(connection, command.subscribe, reply);
    if (command.unsubscribe) {
      if (typeof command.unsubscribe.channel !== 'string') return reply({ error: errors.badRequest });
      this.#unsubscribe(connection, command.unsubscribe.channel);
      return reply({ unsubscribe: {} });
    }
    if (command.refresh) return this.#refresh(connection, command.refresh, reply);
    // Clients publish nothing here: publications come from the server's own events.
    if (command.publish) return reply({ error: errors.permissionDenied });
    reply({ error: errors.methodNotFound });
  }

  async #connect(
    connection: Connection,
    request: { token?: string },
    reply: (result: Record<string, unknown>) => void,
  ): Promise<void> {
    let user = '';
    let expiresAt: number | undefined;
    if (request.token) {
      const verified = await this.#options.tokens.verify(request.token);
      if (!verified.ok) {
        if (verified.reason === 'expired') reply({ error: errors.tokenExpired });
        else connection.close(disconnects.invalidToken);
        return;
      }
      user = verified.user;
      expiresAt = verified.expiresAt;
    }
    clearTimeout(connection.staleTimer);
    if (connection.closed) return;
    // Centrifugo's client_user_connection_limit: one more is told not to reconnect (3504), so a
    // page opened in many tabs, or a script, cannot hold this instance's sockets.
    const countedAs = user === '' ? `address:${connection.address}` : `user:${user}`;
    const limit =
      user === '' ? (this.#options.connectionsPerAddress ?? 50) : (this.#options.connectionsPerUser ?? 10);
    const count = this.#counts.get(countedAs) ?? 0;
    if (count >= limit) {
      connection.close(disconnects.connectionLimit);
      return;
    }
    this.#counts.set(countedAs, count + 1);
    connection.countedAs = countedAs;
    connection.user = user;
    connection.expiresAt = expiresAt;
    reply({
      connect: {
        client: connection.id,
        version: 'chrysos',
        ...this.#expiry(expiresAt),
        ping: this.#pingSeconds,
        pong: true,
      },
    });
  }

  #expiry(expiresAt: number | undefined) {
    if (expiresAt === undefined) return {};
    return { expires: true, ttl: Math.max(1, Math.floor(expiresAt - Date.now() / 1000)) };
  }

  async #refresh(
    connection: Connection,
    request: { token?: string },
    reply: (result: Record<string, unknown>) => void,
  ): Promise<void> {
    const verified = request.token ? await this.#options.tokens.verify(request.token) : null;
    if (!verified?.ok) {
      if (verified?.reason === 'expired') reply({ error: errors.tokenExpired });
      else connection.close(disconnects.invalidToken);
      return;
    }
    // A token of another user is not a refresh of this connection.
    if (verified.user !== connection.user) {
      connection.close(disconnects.invalidToken);
      return;
    }
    connection.expiresAt = verified.expiresAt;
    reply({ refresh: { client: connection.id, version: 'chrysos', ...this.#expiry(verified.expiresAt) } });
  }

  async #subscribe(
    connection: Connection,
    request: NonNullable<Command['subscribe']>,
    reply: (result: Record<string, unknown>) => void,
  ): Promise<void> {
    const { channel } = request;
    if (typeof channel !== 'string' || channel === '') return reply({ error: errors.badRequest });
    const parsed = parseChannel(channel);
    if (!parsed) return reply({ error: errors.unknownChannel });
    // A private channel is its user's alone; a visitor (no token) has only the public ones.
    if (parsed.kind === 'private' && (connection.user === '' || parsed.user !== connection.user)) {
      return reply({ error: errors.permissionDenied });
    }
    if (connection.subscriptions.has(channel)) return reply({ error: errors.alreadySubscribed });
    const now = Date.now();
    const window = connection.subscribeWindow;
    if (now - window.startedAt > subscribeLimit.windowMs) {
      window.startedAt = now;
      window.count = 0;
    }
    if (++window.count > subscribeLimit.count) return reply({ error: errors.tooManyRequests });
    // Taken in before the history is read: what is published meanwhile waits, then goes out after the
    // reply in order, without what the reply already holds.
    const subscription: Subscription = { channel, epoch: '', offset: 0, pending: [] };
    connection.subscriptions.set(channel, subscription);
    let subscribers = this.#byChannel.get(channel);
    if (!subscribers) {
      subscribers = new Set();
      this.#byChannel.set(channel, subscribers);
    }
    subscribers.add(connection);
    let state: ChannelState;
    try {
      const since =
        request.recover === true
          ? { offset: Number(request.offset ?? 0), epoch: String(request.epoch ?? '') }
          : undefined;
      state = await this.#options.channelState(channel, since);
    } catch (error) {
      this.#unsubscribe(connection, channel);
      throw error;
    }
    if (connection.subscriptions.get(channel) !== subscription) return;
    const result: Record<string, unknown> = {
      recoverable: true,
      positioned: true,
      epoch: state.epoch,
      offset: state.offset,
    };
    if (state.recovery) {
      result.was_recovering = true;
      result.recovered = state.recovery.recovered;
      if (state.recovery.publications.length > 0) result.publications = state.recovery.publications;
    }
    subscription.epoch = state.epoch;
    subscription.offset = state.offset;
    reply({ subscribe: result });
    const pending = subscription.pending ?? [];
    subscription.pending = null;
    for (const publication of pending) {
      if (connection.subscriptions.get(channel) !== subscription) break;
      this.#deliverTo(connection, subscription, publication, pushFrame(publication));
    }
  }
}

function pushFrame(publication: StoredPublication): string {
  return JSON.stringify({
    push: { channel: publication.channel, pub: { data: publication.data, offset: publication.offset } },
  });
}
