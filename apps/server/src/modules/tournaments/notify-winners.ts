import { schema } from '@chrysos/db';
import { formatMoney } from '@chrysos/rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queuePlayerPush } from '../notifications/public.ts';
import { prizePush } from './push-messages.ts';
import { participantOf } from './read.ts';
import { publishStatus } from './status-pushes.ts';

/**
 * A finished tournament's winners hear of their prize: their status (place and prize) on their channel,
 * which the site shows as a notification, and a web push in their language. From the event, so once
 * with the handler's position.
 */
export function notifyWinners(app: FastifyInstance): void {
  app.events.on('tournaments.finished', 'tournaments.notify-winners', async (event, context) => {
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
      const [currency] = await context.db
        .select()
        .from(schema.currencies)
        .where(eq(schema.currencies.code, participant.currency));
      const amount = (language: 'en' | 'el') =>
        currency
          ? formatMoney(
              participant.prize ?? 0,
              {
                code: currency.code,
                symbol: currency.symbol,
                subunits_to_unit: currency.subunitsToUnit,
                fiat: currency.fiat,
              },
              { locale: language },
            )
          : `${participant.prize} ${participant.currency}`;
      await queuePlayerPush(app, context.db, playerId, (language) =>
        prizePush(language, { id: tournamentId, title: titles[language] }, place, amount(language)),
      );
    }
  });
}
