import { defineHandler } from '../../../platform/events.ts';
import { grantSpin } from '../grant-spin.ts';
import { wheelRules } from '../rules.ts';

/** A deposit made with the wheel's code earns the Athens day's spin. */
export const grantSpinOnDeposit = defineHandler({
  name: 'wheel.grant-spin',
  follows: ['cashier.deposit_succeeded'],
  handle: (app) => (event, context) => {
    const now = app.clock.now();
    return grantSpin(
      context.db,
      { events: app.events, rules: wheelRules(app, now), now, log: app.log },
      event,
    );
  },
});
