import { type Db, schema } from '@chrysos/db';
import { formatMoney, type Locale } from '@chrysos/rules';
import type { FastifyInstance } from 'fastify';
import { type DomainEvent, defineHandler } from '../../../platform/events.ts';
import { currencyFacts } from '../../info/public.ts';
import { promotionAudience } from '../../player/public.ts';
import { contentNotificationPush, depositSucceededPush, withdrawalPaidPush } from '../push-messages.ts';
import { queuePlayerPush } from '../pushes.ts';

const s = schema.pushSubscriptions;

async function amountOf(db: Db, amount: number, currency: string, language: Locale): Promise<string> {
  const money = await currencyFacts(db, currency);
  return money ? formatMoney(amount, money, { locale: language }) : `${amount} ${currency}`;
}

/**
 * Pushes from domain events (the `notifications.pushes` handler). Each push is a job enqueued in the
 * handler's transaction, so it is queued exactly once with the handler's position; sending happens
 * outside, retried by the queue. Transactional pushes (money a player moved) go to every subscription of
 * the player; promotional ones (a new content notification) only to players who accepted promotions
 * (receive_promos) and may see the notification (its visibility settings, spec §5), in their language.
 */
export const queuePushes = defineHandler({
  name: 'notifications.pushes',
  follows: ['cashier.deposit_succeeded', 'cashier.withdrawal_paid', 'notifications.content_published'],
  handle:
    (app) =>
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
});

async function queueContentPushes(
  app: FastifyInstance,
  db: Db,
  event: DomainEvent<'notifications.content_published'>,
): Promise<void> {
  const { slug, createdAt } = event.payload;
  const subscribed = await db.selectDistinct({ playerId: s.playerId }).from(s);
  const consenting = await promotionAudience(
    db,
    subscribed.map((row) => row.playerId),
  );
  if (consenting.length === 0) return;
  const now = app.clock.now();
  for (const player of consenting) {
    const viewer = {
      groups: player.groups,
      abVariants: {},
      now,
      timeZone: app.config.TIME_ZONE,
    };
    const { language } = player;
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
