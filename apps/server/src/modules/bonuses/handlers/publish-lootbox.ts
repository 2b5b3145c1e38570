import { defineHandler } from '../../../platform/events.ts';
import { queuePlayerPush } from '../../notifications/public.ts';
import { playerLanguage } from '../../player/public.ts';
import { lootboxPush } from '../push-messages.ts';
import { listLootboxes } from '../read.ts';

/** A lootbox that changed is published and, for the changes worth it, pushed, as bonuses are. */
export const publishLootbox = defineHandler({
  name: 'bonuses.publish-lootbox',
  follows: ['bonuses.lootbox_changed'],
  handle: (app) => async (event, context) => {
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
  },
});
