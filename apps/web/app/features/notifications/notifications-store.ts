import type { NotificationItem } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../lib/api';
import { fetchCurrencies } from '../cashier/api';
import { arrangeNotifications } from './notification-list';
import {
  loadLocalReads,
  mergeReadRecords,
  notificationKey,
  type ReadRecord,
  saveLocalReads,
} from './read-records';
import { notificationSources } from './sources';

export interface NotificationsState {
  status: 'idle' | 'loading' | 'ready';
  items: NotificationItem[];
  reads: ReadRecord[];
  unread: NotificationItem[];
  read: NotificationItem[];
}

const empty: NotificationsState = { status: 'idle', items: [], reads: [], unread: [], read: [] };

/**
 * The signed-in player's notifications, shared by the header bell, the NotificationsList modal and the
 * /notifications page: one load per player and language, read state on this device (WB_NOTIF_READ) and
 * on the server (so a second device agrees), merged on load.
 */
let state: NotificationsState = empty;
let loadedFor = '';
/** Each source's items, so a source that changes (watch) replaces only its own. */
let bySource = new Map<string, NotificationItem[]>();
/** Stops the sources' watches of the loaded player and language. */
let unwatch: (() => void)[] = [];
const listeners = new Set<() => void>();

function set(next: Partial<NotificationsState>) {
  const merged = { ...state, ...next };
  state = { ...merged, ...arrangeNotifications(merged.items, merged.reads) };
  for (const listener of listeners) listener();
}

/** What the /notifications loader read: each source's items, and the read records the server keeps. */
export interface NotificationsRead {
  bySource: Record<string, NotificationItem[]>;
  serverReads: ReadRecord[];
}

async function load(playerId: string, locale: Locale) {
  const key = `${playerId}|${locale}`;
  if (loadedFor === key) return;
  loadedFor = key;
  stopWatching();
  set({ status: 'loading', reads: loadLocalReads() });
  const context = { locale, playerId, api, currencies: (await fetchCurrencies()) ?? [] };
  const [lists, server] = await Promise.all([
    Promise.all(notificationSources.map((source) => (source.load ?? source.read)(context))),
    api(endpoints.notifications.readRecords, {}).catch(() => null),
  ]);
  if (loadedFor !== key) return;
  const read = {
    bySource: Object.fromEntries(notificationSources.map((source, index) => [source.id, lists[index] ?? []])),
    serverReads: server?.ok ? server.body.records : [],
  };
  settle(key, read, server?.ok === true);
}

/**
 * The list of `key` as read, merged with this device's reads, its sources watched from now on; a
 * server that answered is told what this device read without it.
 */
function settle(key: string, { bySource: lists, serverReads }: NotificationsRead, serverAnswered: boolean) {
  bySource = new Map(notificationSources.map((source) => [source.id, lists[source.id] ?? []]));
  const reads = mergeReadRecords(loadLocalReads(), serverReads);
  saveLocalReads(reads);
  set({ status: 'ready', items: [...bySource.values()].flat(), reads });
  const [playerId = '', locale = 'en'] = key.split('|') as [string, Locale];
  const context = { locale, playerId, api, currencies: [] };
  unwatch = notificationSources.flatMap((source) =>
    source.watch
      ? [
          source.watch(context, (items) => {
            if (loadedFor !== key) return;
            bySource.set(source.id, items);
            set({ items: [...bySource.values()].flat() });
          }),
        ]
      : [],
  );
  // What this device read while the server did not hear of it (offline, another session).
  const known = new Set(serverReads.map((record) => notificationKey(record.slug, record.createdAt)));
  const missing = reads.filter((record) => !known.has(notificationKey(record.slug, record.createdAt)));
  if (serverAnswered && missing.length > 0) void tellServer(missing);
}

/**
 * Takes the list the /notifications loader read as the player's (the server's HTML shows it), so the
 * page and the header bell agree without reading it again; again when the route is read again.
 */
export function seedNotifications(playerId: string, locale: Locale, read: NotificationsRead): void {
  const key = `${playerId}|${locale}`;
  stopWatching();
  loadedFor = key;
  settle(key, read, true);
}

async function tellServer(records: ReadRecord[]) {
  try {
    await api(endpoints.notifications.addReadRecords, { body: { records } });
  } catch {
    // Kept on this device; sent again on the next load.
  }
}

/** Marks notifications read (opened, or "mark all read"), here and on the server. */
export function markRead(items: readonly NotificationItem[]): void {
  const readAt = new Date().toISOString();
  const fresh = items
    .filter((item) => !item.read)
    .map((item) => ({ slug: item.slug, createdAt: item.createdAt, readAt }));
  if (fresh.length === 0) return;
  const reads = mergeReadRecords(state.reads, fresh);
  saveLocalReads(reads);
  set({ reads });
  void tellServer(fresh);
}

function stopWatching() {
  for (const stop of unwatch) stop();
  unwatch = [];
}

/** Forgets the loaded list (sign-out, another player). */
export function resetNotifications(): void {
  stopWatching();
  bySource = new Map();
  loadedFor = '';
  state = empty;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The notifications of `playerId` (null for a visitor: none), loaded once per player and language. */
export function useNotifications(playerId: string | null, locale: Locale): NotificationsState {
  useEffect(() => {
    if (playerId) void load(playerId, locale);
    else if (loadedFor) resetNotifications();
  }, [playerId, locale]);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => empty,
  );
}
