import type { PushMessage } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { formatMoney, isLocale, type Locale } from '@chrysos/rules';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DomainEvent } from '../../platform/events.ts';
import { contentNotificationPush, depositSucceededPush, withdrawalPaidPush } from './push-messages.ts';

const s = schema.pushSubscriptions;
const p = schema.players;

/**
 * Enqueues a push to every subscription of the player, in the transaction `db` (the job exists if it
 * commits). A player under a time-out or self-exclusion not yet lifted gets no promotional push, only
 * transactional ones (their money); read in the same query, so it holds on every instance at once.
 */
export async function queuePlayerPush(
  app: FastifyInstance,
  db: Db,
  playerId: string,
  message: (language: Locale) => PushMessage | null,
): Promise<number> {
  const x = schema.playerExclusions;
  const rows = await db
    .select({ id: s.id, language: p.language, excludedSince: x.startsAt })
    .from(s)
    .innerJoin(p, eq(p.id, s.playerId))
    .leftJoin(x, and(eq(x.playerId, p.id), isNull(x.liftedAt)))
    .where(eq(s.playerId, playerId));
  let queued = 0;
  const seen = new Set<string>();
  for (const row of rows) {
    // One row per subscription and unlifted exclusion: each subscription is pushed to once.
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const built = message(isLocale(row.language) ? row.language : 'en');
    if (!built) continue;
    if (built.kind === 'promotional' && row.excludedSince !== null) continue;
    await app.jobs.send('notifications.push', { subscriptionId: row.id, message: built }, { tx: db });
    queued++;
  }
  return queued;
}

async function amountOf(db: Db, amount: number, currency: string, language: Locale): Promise<string> {
  const [row] = await db.select().from(schema.currencies).where(eq(schema.currencies.code, currency));
  if (!row) return `${amount} ${currency}`;
  return formatMoney(
    amount,
    { code: row.code, symbol: row.symbol, subunits_to_unit: row.subunitsToUnit, fiat: row.fiat },
    { locale: language },
  );
}

/**
 * Pushes from domain events (the `notifications.pushes` handler). Each push is a job enqueued in the
 * handler's transaction, so it is queued exactly once with the handler's position; sending happens
 * outside, retried by the queue. Transactional pushes (money a player moved) go to every subscription of
 * the player; promotional ones (a new content notification) only to players who accepted promotions
 * (receive_promos) and may see the notification (its visibility settings, spec §5), in their language.
 */
export function onPushEvents(app: FastifyInstance): void {
  app.events.on(
    ['cashier.deposit_succeeded', 'cashier.withdrawal_paid', 'notifications.content_published'],
    'notifications.pushes',
    async (event, { db }) => {
      switch (event.name) {
        case 'cashier.deposit_succeeded':
        case 'cashier.withdrawal_paid': {
          const { playerId, amount, currency, paymentId } = event.payload;
          const amounts = new Map<Locale, string>();
          for (const language of ['en', 'el'] as const) {
            amounts.set(language, await amountOf(db, amount, currency, language));
          }
          const build =
            event.name === 'cashier.deposit_succeeded' ? depositSucceededPush : withdrawalPaidPush;
          await queuePlayerPush(app, db, playerId, (language) =>
            build(language, amounts.get(language) ?? '', paymentId),
          );
          return;
        }
        case 'notifications.content_published':
          await queueContentPushes(app, db, event);
          return;
      }
    },
  );
}

async function queueContentPushes(
  app: FastifyInstance,
  db: Db,
  event: DomainEvent<'notifications.content_published'>,
): Promise<void> {
  const { slug, createdAt } = event.payload;
  const consenting = await db
    .selectDistinct({ id: p.id, language: p.language })
    .from(p)
    .innerJoin(s, eq(s.playerId, p.id))
    .where(eq(p.receivePromos, true));
  if (consenting.length === 0) return;
  const groupRows = await db
    .select({ playerId: schema.playerGroups.playerId, group: schema.playerGroups.group })
    .from(schema.playerGroups)
    .where(
      inArray(
        schema.playerGroups.playerId,
        consenting.map((player) => player.id),
      ),
    );
  const groups = new Map<string, string[]>();
  for (const row of groupRows) groups.set(row.playerId, [...(groups.get(row.playerId) ?? []), row.group]);
  const now = app.clock.now();
  for (const player of consenting) {
    const viewer = {
      groups: groups.get(player.id) ?? [],
      abVariants: {},
      now,
      timeZone: app.config.TIME_ZONE,
    };
    const language: Locale = isLocale(player.language) ? player.language : 'en';
    // The player's language first; English when the notification has no translation.
    const item = [language, 'en' as const]
      .map(
        (locale) =>
          app.content.query({ collection: 'notificationsCollection', locale, where: { slug } }, viewer)
            .items[0],
      )
      .find(
        (found) =>
          found && Date.parse((found.data as { createdAt: string }).createdAt) === Date.parse(createdAt),
      );
    if (!item) continue;
    const data = item.data as { slug: string; modal?: string; preview: { title: string; text: string } };
    await queuePlayerPush(app, db, player.id, () => contentNotificationPush(item.locale, data));
  }
}
