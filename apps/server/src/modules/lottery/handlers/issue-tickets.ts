import { defineHandler } from '../../../platform/events.ts';
import { issueTickets } from '../issue-tickets.ts';

/** A confirmed deposit earns tickets for the week's draw. */
export const issueTicketsOnDeposit = defineHandler({
  name: 'lottery.tickets',
  follows: ['cashier.deposit_succeeded'],
  handle: (app) => (event, context) => {
    // When the deposit was confirmed, on the product clock (the same as the event's time in operation;
    // shifted like the clock when a test run has moved it).
    const at = app.clock.fromSystem(event.occurredAt);
    return issueTickets(context.db, app.events, event.payload, at);
  },
});
