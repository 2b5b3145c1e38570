import { formatMoney } from '@chrysos/rules';
import { defineHandler } from '../../../platform/events.ts';
import { currencyFacts } from '../../info/public.ts';
import { queuePlayerPush } from '../../notifications/public.ts';
import { prizePush } from '../push-messages.ts';
import { participantOf } from '../read.ts';
import { publishStatus } from '../status-pushes.ts';

/**
 * A finished tournament's winners hear of their prize: their status (place and prize) on their channel,
 * which the site shows as a notification, and a web push in their language. From the event, so once
 * with the handler's position.
 */
export const notifyWinners = defineHandler({
  name: 'tournaments.notify-winners',
  follows: ['tournaments.finished'],
  handle: (app) => async (event, context) => {
    const { tournamentId, winners } = event.payload;
    const titles = { en: tournamentId, el: tournamentId };
    for (const language of ['en', 'el'] as const) {
      const item = app.content
        .list('tournamentsCollection', language, { groups: [], abVariants: {}, now: app.clock.now() })
        .find((entry) => entry.data.frontendIdentifier === tournamentId);
      if (item) titles[language] = item.data.title;
    }
    for (const { playerId, place } of winners) {
      await publishStatus(app, context, tournamentId, playerId, `finished:${event.id}`);
      const participant = await participantOf(context.db, tournamentId, playerId);
      if (!participant?.prize) continue;
      const currency = await currencyFacts(context.db, participant.currency);
      const amount = (language: 'en' | 'el') =>
        currency
          ? formatMoney(participant.prize ?? 0, currency, { locale: language })
          : `${participant.prize} ${participant.currency}`;
      await queuePlayerPush(app, context.db, playerId, (language) =>
        prizePush(language, { id: tournamentId, title: titles[language] }, place, amount(language)),
      );
    }
  },
});
