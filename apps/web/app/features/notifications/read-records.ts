import type { NotificationReadRecord } from '@chrysos/contract';
import { notificationReadsKept } from '@chrysos/contract/client';
import { browserStorage, readJson, writeJson } from '../../lib/storage';

/** Spec §9: read notifications are kept on the device under this key, the last 100. */
export const readStorageKey = 'WB_NOTIF_READ';

export type ReadRecord = NotificationReadRecord;

/** One notification, whatever the precision its createdAt was written with. */
export const notificationKey = (slug: string, createdAt: string) => `${slug}|${Date.parse(createdAt)}`;

const isRecord = (value: unknown): value is ReadRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ReadRecord).slug === 'string' &&
  !Number.isNaN(Date.parse((value as ReadRecord).createdAt)) &&
  !Number.isNaN(Date.parse((value as ReadRecord).readAt));

/**
 * The records of several devices (this one, the server's) as one list: a notification read on two
 * keeps its first reading; newest reading first, the last 100.
 */
export function mergeReadRecords(...lists: readonly (readonly ReadRecord[])[]): ReadRecord[] {
  const byKey = new Map<string, ReadRecord>();
  for (const record of lists.flat()) {
    const key = notificationKey(record.slug, record.createdAt);
    const known = byKey.get(key);
    if (!known || Date.parse(record.readAt) < Date.parse(known.readAt)) byKey.set(key, record);
  }
  return [...byKey.values()]
    .sort((a, b) => Date.parse(b.readAt) - Date.parse(a.readAt))
    .slice(0, notificationReadsKept);
}

export function loadLocalReads(storage: Storage | null = browserStorage()): ReadRecord[] {
  const stored = readJson(readStorageKey, storage);
  return Array.isArray(stored) ? mergeReadRecords(stored.filter(isRecord)) : [];
}

export function saveLocalReads(
  records: readonly ReadRecord[],
  storage: Storage | null = browserStorage(),
): void {
  writeJson(readStorageKey, mergeReadRecords(records), storage);
}
