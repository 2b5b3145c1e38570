import type { NotificationItem } from '@chrysos/contract';
import { readNotificationsShown } from '@chrysos/contract/client';
import { notificationKey, type ReadRecord } from './read-records';

/**
 * Spec §2/§9: the unread notifications first (newest first), then at most 5 read ones (the most
 * recently read first). An item is read once a read record names it.
 */
export function arrangeNotifications(
  items: readonly NotificationItem[],
  reads: readonly ReadRecord[],
): { unread: NotificationItem[]; read: NotificationItem[] } {
  const readAt = new Map(
    reads.map((record) => [notificationKey(record.slug, record.createdAt), record.readAt]),
  );
  const unread: NotificationItem[] = [];
  const read: (NotificationItem & { readAt: string })[] = [];
  for (const item of items) {
    const at = readAt.get(notificationKey(item.slug, item.createdAt));
    if (at) read.push({ ...item, read: true, readAt: at });
    else unread.push({ ...item, read: false });
  }
  unread.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  read.sort((a, b) => Date.parse(b.readAt) - Date.parse(a.readAt));
  return {
    unread,
    read: read.slice(0, readNotificationsShown).map(({ readAt: _readAt, ...item }) => item),
  };
}

/** The bell's counter (spec §9): nothing at 0, "9+" above 9. */
export const unreadBadge = (count: number): string | null =>
  count <= 0 ? null : count > 9 ? '9+' : String(count);

/** A bonus or freespin as the bonus engine describes it (spec §3 Bonus and freespin). */
export interface BonusLike {
  id: string | number;
  title: string;
  /** Spec §3's stages (activated, issued, handle_bets, canceled), or one of the ends beyond them. */
  stage: string;
  created_at: string;
  /** Set when it arrived by realtime push. */
  fromWs?: boolean;
}

/** Spec §4: the stages that produce a notification whichever way they arrived. */
const notifiedStages: readonly string[] = ['activated', 'issued', 'handle_bets'];

/**
 * Spec §4 bonus stages: activated, issued and handle_bets produce a notification; canceled only when
 * it arrived by realtime push; other stages none. The bonus engine's notification source maps its
 * bonuses and freespins with this (its words for each stage come with it). Each stage is a
 * notification of its own (`bonus:<id>:<stage>`), so reading "issued" does not hide "activated".
 */
export function bonusNotification(
  type: 'bonus' | 'freespin',
  bonus: BonusLike,
  text: string,
): NotificationItem | null {
  const shown = notifiedStages.includes(bonus.stage) || (bonus.stage === 'canceled' && bonus.fromWs === true);
  if (!shown) return null;
  return {
    type,
    slug: `${type}:${bonus.id}:${bonus.stage}`,
    createdAt: bonus.created_at,
    read: false,
    preview: { title: bonus.title, text },
  };
}
