import { randomUUID } from 'node:crypto';
import type { Db } from '@chrysos/db';
import type { EventRow } from './event-row.ts';
import { storeEvents } from './store-events.ts';

/** An event the platform itself records, from its source of truth (a domain event, an exposure). */
export interface PlatformEvent {
  /** The same on every delivery of what caused it (a domain event's id, an assignment's key): stored once. */
  messageId?: string;
  event: string;
  userId?: string | null;
  anonymousId?: string | null;
  properties: Record<string, unknown>;
  at: Date;
}

/**
 * Stores platform events (source `platform`, type track) and answers those that were new. Usable in a
 * caller's transaction: a month without its partition yet is made behind a savepoint.
 */
export async function trackPlatformEvents(
  db: Db,
  events: readonly PlatformEvent[],
  receivedAt: Date,
  options: { inTransaction: boolean },
): Promise<EventRow[]> {
  const rows: EventRow[] = events.map((event) => ({
    messageId: event.messageId ?? randomUUID(),
    source: 'platform',
    type: 'track',
    name: event.event,
    userId: event.userId ?? null,
    anonymousId: event.anonymousId ?? null,
    occurredAt: event.at,
    properties: event.properties,
    context: { library: { name: 'chrysos-platform' } },
  }));
  return storeEvents(db, rows, receivedAt, { savepoint: options.inTransaction });
}
