import { type Db, schema } from '@chrysos/db';
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../platform/events.ts';

const a = schema.notificationAnnouncements;

/** A notification whose time came longer ago than this is recorded, not pushed: it is no longer news. */
const newsForMs = 24 * 60 * 60 * 1000;

/**
 * Publishes `notifications.content_published` once for each content notification whose createdAt has
 * come (an editor may date one ahead: it is announced when its time comes), in the transaction that
 * records it as announced, so each is announced once across instances and restarts. One whose time
 * came more than a day before it was first seen (the notifications already there when announcing
 * began, an old one restored) is recorded without a push.
 */
export async function announceContentNotifications(
  db: Db,
  deps: { events: EventBus; content: Pick<FastifyInstance['content'], 'datedBy'> },
  now: Date,
): Promise<number> {
  const { events, content } = deps;
  return db.transaction(async (tx) => {
    const due = await content.datedBy(tx, 'notificationsCollection', now);
    if (due.length === 0) return 0;
    const recorded = await tx
      .insert(a)
      .values(
        due.map(({ slug, createdAt }) => ({
          slug,
          createdAt,
          announcedAt: now.getTime() - createdAt.getTime() <= newsForMs ? now : null,
        })),
      )
      .onConflictDoNothing()
      .returning({ slug: a.slug, createdAt: a.createdAt, announcedAt: a.announcedAt });
    const announced = recorded.filter((item) => item.announcedAt);
    for (const item of announced) {
      await events.publish(tx, 'notifications.content_published', {
        slug: item.slug,
        createdAt: item.createdAt.toISOString(),
      });
    }
    return announced.length;
  });
}
