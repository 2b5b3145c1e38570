import { defineHandler } from '../../../platform/events.ts';
import { groupsInOrderAdded } from '../../player/public.ts';

/** The player's groups after a change, in the order they were added: the site shows what they unlock. */
export const publishGroups = defineHandler({
  name: 'realtime.groups',
  follows: ['player.groups_changed'],
  handle: (app) => async (event, context) => {
    const groups = await groupsInOrderAdded(context.db, event.payload.playerId);
    await app.realtime.publishToPlayer(
      context,
      'groups_updates',
      event.payload.playerId,
      groups,
      `${event.id}:groups`,
    );
  },
});
