import type { NotificationItem } from '@chrysos/contract';
import { describe, expect, it } from 'vitest';
import { arrangeNotifications, bonusNotification, unreadBadge } from './notification-list';
import { loadLocalReads, mergeReadRecords, readStorageKey, saveLocalReads } from './read-records';

const item = (slug: string, createdAt: string): NotificationItem => ({
  type: 'content',
  slug,
  createdAt,
  read: false,
  preview: { title: slug, text: slug },
});
const read = (slug: string, createdAt: string, readAt: string) => ({ slug, createdAt, readAt });

class MemoryStorage {
  #values = new Map<string, string>();
  getItem = (key: string) => this.#values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.#values.set(key, value);
  removeItem = (key: string) => void this.#values.delete(key);
}

describe('the notifications list (spec §2, §9)', () => {
  it('puts the unread first, newest first, then at most 5 read ones, most recently read first', () => {
    const items = Array.from({ length: 9 }, (_, index) =>
      item(`n${index}`, `2026-11-0${index + 1}T00:00:00Z`),
    );
    const reads = items
      .slice(0, 7)
      .map((entry, index) => read(entry.slug, entry.createdAt, `2026-11-20T00:0${index}:00Z`));
    const { unread, read: shown } = arrangeNotifications(items, reads);
    expect(unread.map((entry) => entry.slug)).toEqual(['n8', 'n7']);
    expect(unread.every((entry) => !entry.read)).toBe(true);
    expect(shown.map((entry) => entry.slug)).toEqual(['n6', 'n5', 'n4', 'n3', 'n2']);
    expect(shown.every((entry) => entry.read)).toBe(true);
  });

  it('reads a record as the same notification whatever the precision of its createdAt', () => {
    const { unread } = arrangeNotifications(
      [item('a', '2026-11-18T10:00:00Z')],
      [read('a', '2026-11-18T10:00:00.000Z', '2026-11-19T00:00:00Z')],
    );
    expect(unread).toEqual([]);
  });

  it('counts up to 9, then says 9+', () => {
    expect([0, 1, 9, 10, 250].map(unreadBadge)).toEqual([null, '1', '9', '9+', '9+']);
  });

  it('keeps the first reading of each notification and the last 100 records', () => {
    const phone = [read('a', '2026-11-01T00:00:00Z', '2026-11-05T00:00:00Z')];
    const server = [read('a', '2026-11-01T00:00:00.000Z', '2026-11-03T00:00:00.000Z')];
    expect(mergeReadRecords(phone, server)).toEqual(server);
    const many = Array.from({ length: 130 }, (_, index) =>
      read(`n${index}`, '2026-11-01T00:00:00Z', new Date(Date.UTC(2026, 10, 2, 0, index)).toISOString()),
    );
    const kept = mergeReadRecords(many);
    expect(kept).toHaveLength(100);
    expect(kept[0]?.slug).toBe('n129');
    expect(kept.at(-1)?.slug).toBe('n30');
  });

  it('stores the records on the device under WB_NOTIF_READ and ignores what is not a record', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    saveLocalReads([read('a', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z')], storage);
    expect(JSON.parse(storage.getItem(readStorageKey) ?? '[]')).toHaveLength(1);
    storage.setItem(
      readStorageKey,
      JSON.stringify([{ slug: 'x' }, read('b', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z')]),
    );
    expect(loadLocalReads(storage).map((record) => record.slug)).toEqual(['b']);
    storage.setItem(readStorageKey, '{not json');
    expect(loadLocalReads(storage)).toEqual([]);
  });

  it('turns bonuses into notifications by stage: a cancellation only when it arrived by push', () => {
    const bonus = { id: 7, title: 'Welcome bonus', created_at: '2026-11-20T00:00:00Z' };
    for (const stage of ['activated', 'issued', 'handle_bets'] as const) {
      expect(bonusNotification('bonus', { ...bonus, stage }, 'text')?.slug).toBe(`bonus:7:${stage}`);
    }
    expect(bonusNotification('freespin', { ...bonus, stage: 'canceled' }, 'text')).toBeNull();
    expect(bonusNotification('freespin', { ...bonus, stage: 'canceled', fromWs: true }, 'text')?.type).toBe(
      'freespin',
    );
  });
});
