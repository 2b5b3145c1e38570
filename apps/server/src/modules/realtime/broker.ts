import { Redis } from 'ioredis';
import type { StoredPublication } from './history.ts';

/**
 * How a stored publication reaches every instance's connections: in process by default (one instance,
 * or instances that each hold their own clients and recover from the shared history), through Redis
 * pub/sub when REDIS_URL is set, so a client on any instance gets it at once.
 */
export interface Broker {
  /** Sends publications stored together (one handler batch's): through Redis, as one message. */
  publish(publications: readonly StoredPublication[]): Promise<void>;
  close(): Promise<void>;
}

export type Deliver = (publication: StoredPublication) => void;

export class InProcessBroker implements Broker {
  readonly #deliver: Deliver;

  constructor(deliver: Deliver) {
    this.#deliver = deliver;
  }

  async publish(publications: readonly StoredPublication[]): Promise<void> {
    for (const publication of publications) this.#deliver(publication);
  }

  async close(): Promise<void> {}
}

export class RedisBroker implements Broker {
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #topic: string;

  private constructor(publisher: Redis, subscriber: Redis, topic: string) {
    this.#publisher = publisher;
    this.#subscriber = subscriber;
    this.#topic = topic;
  }

  static async connect(url: string, prefix: string, deliver: Deliver, onError: (error: unknown) => void) {
    const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const subscriber = new Redis(url, { lazyConnect: true });
    publisher.on('error', onError);
    subscriber.on('error', onError);
    await Promise.all([publisher.connect(), subscriber.connect()]);
    const topic = `${prefix}realtime`;
    subscriber.on('messageBuffer', (_channel: Buffer, message: Buffer) => {
      try {
        // An array: the publications one batch stored. A single object: an instance of a release before.
        const sent = JSON.parse(message.toString('utf8')) as StoredPublication | StoredPublication[];
        for (const publication of Array.isArray(sent) ? sent : [sent]) deliver(publication);
      } catch (error) {
        onError(error);
      }
    });
    await subscriber.subscribe(topic);
    return new RedisBroker(publisher, subscriber, topic);
  }

  async publish(publications: readonly StoredPublication[]): Promise<void> {
    // One message per batch rather than one per publication: a batch of play pushes to ~50 players.
    if (publications.length > 0) await this.#publisher.publish(this.#topic, JSON.stringify(publications));
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.#subscriber.quit(), this.#publisher.quit()]);
  }
}
