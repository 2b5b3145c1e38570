import { schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { defineHandler } from '../../../platform/events.ts';
import { presenterOf } from '../routes.ts';

/**
 * Each step a withdrawal takes (requested, approved, paid out, or its end cancelled, rejected or failed)
 * is published on the player's `payments_changes` channel as the payment now stands, timeline included,
 * so the withdrawal page moves without asking again.
 */
export const publishWithdrawalStep = defineHandler({
  name: 'cashier.publish-withdrawal-step',
  follows: [
    'cashier.withdrawal_requested',
    'cashier.withdrawal_approved',
    'cashier.withdrawal_paid',
    'cashier.withdrawal_failed',
    'cashier.withdrawal_cancelled',
    'cashier.withdrawal_rejected',
  ],
  handle: (app) => {
    const present = presenterOf(app.config);
    return async (event, context) => {
      const { playerId, paymentId } = event.payload;
      await app.realtime.publishCurrentToPlayer(
        context,
        'payments_changes',
        playerId,
        async (db) => {
          const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.id, paymentId));
          return payment ? present(payment) : undefined;
        },
        `${event.id}:payment`,
      );
    };
  },
});
