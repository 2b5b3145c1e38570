import { defineHandler } from '../../../platform/events.ts';
import { publishBalance } from '../publish-balance.ts';

/**
 * Bonus money moves with a bonus's stage (credited on activation, made real or taken back at its end)
 * and a lootbox's prize: the balance follows at once, not at the open tab's next poll (issue 31 item 21).
 */
export const publishBonusBalances = defineHandler({
  name: 'realtime.balance-bonuses',
  follows: ['bonuses.bonus_changed', 'bonuses.lootbox_changed'],
  handle: (app) => (event, context) =>
    publishBalance(app, context, event.payload.playerId, `${event.id}:balance`),
});
