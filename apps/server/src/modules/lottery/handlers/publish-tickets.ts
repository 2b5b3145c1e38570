import { defineHandler } from '../../../platform/events.ts';

/** New tickets are published on the player's `lottery_changes` channel: a hint to read GET /player/lottery again. */
export const publishTickets = defineHandler({
  name: 'lottery.publish-tickets',
  follows: ['lottery.tickets_issued'],
  handle: (app) => async (event, context) => {
    const { playerId, drawId } = event.payload;
    await app.realtime.publishToPlayer(
      context,
      'lottery_changes',
      playerId,
      { draw_id: drawId, kind: 'tickets' },
      `${event.id}:lottery`,
    );
  },
});
