import { defineHandler } from '../../../platform/events.ts';
import { publishBalance } from '../publish-balance.ts';

/**
 * The balance after a payment whose status change moves it (a deposit in, a payout held or given back),
 * or an operator's balance adjustment.
 */
export const publishPaymentBalances = defineHandler({
  name: 'realtime.balance-payments',
  follows: [
    'cashier.deposit_succeeded',
    'cashier.withdrawal_requested',
    'cashier.withdrawal_cancelled',
    'cashier.withdrawal_rejected',
    'cashier.withdrawal_paid',
    'cashier.withdrawal_failed',
    'cashier.balance_adjusted',
  ],
  handle: (app) => (event, context) =>
    publishBalance(app, context, event.payload.playerId, `${event.id}:balance`),
});
