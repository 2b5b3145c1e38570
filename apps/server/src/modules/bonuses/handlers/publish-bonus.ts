import { defineHandler } from '../../../platform/events.ts';
import { queuePlayerPush } from '../../notifications/public.ts';
import { playerLanguage } from '../../player/public.ts';
import { bonusPush } from '../push-messages.ts';
import { listBonuses } from '../read.ts';

/**
 * A bonus that changed is published on the player's channel as the list shows it when the publication
 * is stored (the page replaces it by id) and, for the changes worth it, pushed to their browsers in
 * their language. Two quick changes may both show the second, which is what the page should show.
 */
export const publishBonus = defineHandler({
  name: 'bonuses.publish-bonus',
  follows: ['bonuses.bonus_changed'],
  handle: (app) => async (event, context) => {
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
  },
});
