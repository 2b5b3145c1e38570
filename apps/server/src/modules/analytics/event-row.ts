import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent } from '@chrysos/contract';
import type { AnalyticsSource } from './sources.ts';

/** An event as analytics_events stores it. */
export interface EventRow {
  messageId: string;
  source: AnalyticsSource;
  type: AnalyticsEvent['type'];
  name: string | null;
  userId: string | null;
  anonymousId: string | null;
  occurredAt: Date;
  properties: Record<string, unknown>;
  context: Record<string, unknown>;
}

/** The track properties that are amounts or counts (spec §3): a numeric string is read as its number. */
const numericProperties = [
  'revenue',
  'total',
  'tax',
  'shipping',
  'discount',
  'subtotal',
  'price',
  'quantity',
];
/** Any of them makes the event about money: its currency is USD unless it names one (spec §3, §9). */
const moneyProperties = ['revenue', 'total', 'tax', 'shipping', 'discount', 'subtotal', 'price'];

/** A track's properties as the spec's e-commerce fields are understood, or why they cannot be. */
function trackProperties(properties: Record<string, unknown>): Record<string, unknown> | string {
  const understood = { ...properties };
  for (const key of numericProperties) {
    const value = understood[key];
    if (value === undefined || value === null) continue;
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) return `properties.${key} must be a number`;
    understood[key] = number;
  }
  if (understood.products !== undefined && !Array.isArray(understood.products)) {
    return 'properties.products must be a list';
  }
  if (moneyProperties.some((key) => understood[key] !== undefined) && understood.currency === undefined) {
    understood.currency = 'USD';
  }
  return understood;
}

/**
 * The row an event is stored as, or the reason it cannot be (an answer's `rejected`). `shared` is a
 * batch's own context, under the event's (analytics-node sends the library's once per batch).
 */
export function eventRow(
  event: AnalyticsEvent,
  source: AnalyticsSource,
  receivedAt: Date,
  shared: Record<string, unknown> = {},
): EventRow | string {
  const userId = event.userId ?? null;
  const anonymousId = event.anonymousId ?? null;
  if (!userId && !anonymousId) return 'userId or anonymousId is required';
  let name: string | null = null;
  let properties: Record<string, unknown>;
  switch (event.type) {
    case 'track': {
      if (!event.event) return 'a track needs its event name';
      name = event.event;
      const understood = trackProperties(event.properties ?? {});
      if (typeof understood === 'string') return understood;
      properties = understood;
      break;
    }
    case 'page':
    case 'screen':
      name = event.name ?? null;
      properties = { ...(event.category ? { category: event.category } : {}), ...event.properties };
      break;
    case 'identify':
      properties = event.traits ?? {};
      break;
    case 'group':
      if (!event.groupId) return 'a group needs its groupId';
      properties = { groupId: event.groupId, traits: event.traits ?? {} };
      break;
    case 'alias':
      if (!event.previousId || !userId) return 'an alias needs previousId and userId';
      properties = { previousId: event.previousId };
      break;
  }
  return {
    messageId: event.messageId ?? randomUUID(),
    source,
    type: event.type,
    name,
    userId,
    anonymousId,
    occurredAt: event.timestamp ? new Date(event.timestamp) : receivedAt,
    properties,
    context: { ...shared, ...event.context },
  };
}
