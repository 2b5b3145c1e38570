import { defineHandler } from '../../../platform/events.ts';
import { sendAccountEmail } from '../account-emails.ts';

/**
 * An address chosen after sign-up (completing a social sign-in's registration) is confirmed as one
 * given at sign-up is: the player module owns that form and says so in `player.email_chosen`. In the
 * handler's transaction, so the email is stored once however often the event is handled.
 */
export const confirmChosenEmail = defineHandler({
  name: 'auth.confirm-chosen-email',
  follows: ['player.email_chosen'],
  handle:
    (app) =>
    async ({ payload }, context) => {
      const recipient = { id: payload.playerId, email: payload.email, language: payload.language };
      await sendAccountEmail(app, recipient, 'confirmation', context.db);
    },
});
