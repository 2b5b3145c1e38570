import type { FastifyInstance } from 'fastify';
import { queuePlayerPush } from '../notifications/public.ts';
import { bonusPush, freespinsPush, lootboxPush } from './push-messages.ts';
import { listBonuses, listFreespins, listLootboxes, playerLanguage } from './read.ts';

/**
 * A bonus, free spins or lootbox that changed is published on the player's channel (as the list shows
 * it when the publication is stored, so the page replaces it by id) and, for the changes worth it,
 * pushed to their browsers in their language. Two quick changes may both show the second, which is what
 * the page should show anyway.
 */
export function publishChanges(app: FastifyInstance): void {
  app.events.on('bonuses.bonus_changed', 'bonuses.publish-bonus', async (event, context) => {
    const { playerId, bonusId, stage, pushed } = event.payload;
    const language = await playerLanguage(context.db, playerId);
    // Read once the channel is locked: follow-play pushes the same bonus's progress meanwhile.
    await app.realtime.publishCurrentToPlayer(
      context,
      'bonuses_changes',
      playerId,
      async (db) => (await listBonuses(db, playerId, language, bonusId))[0],
      `${event.id}:bonus`,
    );
    if (!pushed) return;
    // A push is written in the player's language; it names the bonus by its title, which never changes.
    const [bonus] = await listBonuses(context.db, playerId, language, bonusId);
    if (bonus)
      await queuePlayerPush(app, context.db, playerId, (l) => bonusPush(stage, l, bonus.title, bonusId));
  });

  app.events.on('bonuses.freespins_changed', 'bonuses.publish-freespins', async (event, context) => {
    const { playerId, freespinsId, stage, pushed } = event.payload;
    const language = await playerLanguage(context.db, playerId);
    // As for bonuses: follow-play pushes the spins played meanwhile.
    await app.realtime.publishCurrentToPlayer(
      context,
      'freespins_changes',
      playerId,
      async (db) => (await listFreespins(db, playerId, language, app.clock.now(), freespinsId))[0],
      `${event.id}:freespins`,
    );
    if (!pushed) return;
    const [spins] = await listFreespins(context.db, playerId, language, app.clock.now(), freespinsId);
    if (spins)
      await queuePlayerPush(app, context.db, playerId, (l) =>
        freespinsPush(stage, l, spins.game.title, freespinsId),
      );
  });

  app.events.on('bonuses.lootbox_changed', 'bonuses.publish-lootbox', async (event, context) => {
    const { playerId, lootboxId, stage, pushed } = event.payload;
    const language = await playerLanguage(context.db, playerId);
    const [lootbox] = await listLootboxes(context.db, playerId, language, lootboxId);
    if (!lootbox) return;
    await app.realtime.publishToPlayer(
      context,
      'lootboxes_changes',
      playerId,
      lootbox,
      `${event.id}:lootbox`,
    );
    if (pushed)
      await queuePlayerPush(app, context.db, playerId, (l) =>
        lootboxPush(stage, l, lootbox.title, lootboxId),
      );
  });
}
