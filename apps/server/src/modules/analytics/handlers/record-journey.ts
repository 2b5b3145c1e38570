import { type DomainEvent, defineHandler } from '../../../platform/events.ts';
import { userHasEvent } from '../store-events.ts';
import type { PlatformEvent } from '../track.ts';

type Followed =
  | 'auth.player_registered'
  | 'cashier.deposit_succeeded'
  | 'cashier.withdrawal_requested'
  | 'cashier.withdrawal_paid'
  | 'bonuses.bonus_changed';

/** The bonus stages that are moments of the player's journey: granted, and converted to real money. */
const bonusMoments: Record<string, string> = { issued: 'Bonus Granted', wagered: 'Bonus Converted' };

/**
 * The player's journey as analytics events, from the source of truth rather than the browser (issue
 * 37): registration, deposits (the first one named too), withdrawals asked and paid, bonuses granted
 * and converted. Stored in the handler's transaction under the domain event's id, so an event
 * delivered twice is recorded once. Amounts are in minor units of `currency`.
 */
export const recordJourney = defineHandler({
  name: 'analytics.journey',
  follows: [
    'auth.player_registered',
    'cashier.deposit_succeeded',
    'cashier.withdrawal_requested',
    'cashier.withdrawal_paid',
    'bonuses.bonus_changed',
  ],
  handle: (app) => async (event: DomainEvent<Followed>, context) => {
    const at = event.occurredAt;
    const base = { messageId: `journey:${event.id}`, userId: event.payload.playerId, at };
    const events: PlatformEvent[] = [];
    switch (event.name) {
      case 'auth.player_registered': {
        const { method, currency, country, language, referralParams } = event.payload;
        events.push({
          ...base,
          event: 'Signed Up',
          properties: { method, currency, country, language, referral: referralParams },
        });
        break;
      }
      case 'cashier.deposit_succeeded': {
        const { paymentId, currency, amount, method, bonusCode } = event.payload;
        // Deposits come in the order they succeeded, so the first this handler records is the player's
        // first (a player who deposited before analytics existed has theirs counted from then on).
        const firstKey = `journey:first-deposit:${event.payload.playerId}`;
        const first = !(await userHasEvent(
          context.db,
          'platform',
          event.payload.playerId,
          'First Deposit Made',
        ));
        const properties = {
          payment_id: paymentId,
          amount_cents: amount,
          currency,
          method,
          bonus_code: bonusCode,
        };
        events.push({ ...base, event: 'Deposit Made', properties: { ...properties, first_deposit: first } });
        if (first) events.push({ ...base, messageId: firstKey, event: 'First Deposit Made', properties });
        break;
      }
      case 'cashier.withdrawal_requested':
      case 'cashier.withdrawal_paid': {
        const { paymentId, currency, amount, method } = event.payload;
        events.push({
          ...base,
          event: event.name === 'cashier.withdrawal_paid' ? 'Withdrawal Paid' : 'Withdrawal Requested',
          properties: { payment_id: paymentId, amount_cents: amount, currency, method },
        });
        break;
      }
      case 'bonuses.bonus_changed': {
        const moment = bonusMoments[event.payload.stage];
        if (moment) events.push({ ...base, event: moment, properties: { bonus_id: event.payload.bonusId } });
        break;
      }
    }
    if (events.length > 0) await app.analytics.track(context.db, events, { inTransaction: true });
  },
});
