import { defineHandler } from '../../../platform/events.ts';
import { queuePlayerPush } from '../../notifications/public.ts';
import { playerLanguage } from '../../player/public.ts';
import { freespinsPush } from '../push-messages.ts';
import { listFreespins } from '../read.ts';

/** Free spins that changed are published and, for the changes worth it, pushed, as bonuses are. */
export const publishFreespins = defineHandler({
  name: 'bonuses.publish-freespins',
  follows: ['bonuses.freespins_changed'],
  handle: (app) => async (event, context) => {
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
  },
});
