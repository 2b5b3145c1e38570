import type { NotificationItem } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import { createTranslator, type Translate } from '../../lib/i18n';
import type { NotificationSource } from '../notifications/sources';
import { athensDay, type PlayerLottery } from './api';
import el from './messages.el.json';
import en from './messages.en.json';
import { moneyFormatter, prizeText, type ShowAmount } from './money';

const translators: Record<Locale, Translate> = { en: createTranslator(en), el: createTranslator(el) };

/** A lottery prize as a notification (the content says results appear in the notifications). */
export function lotteryNotificationItems(
  lottery: PlayerLottery,
  locale: Locale,
  money: ShowAmount,
): NotificationItem[] {
  const t = translators[locale];
  return lottery.history.flatMap((draw) =>
    draw.prize && draw.drawn_at
      ? [
          {
            type: 'content' as const,
            slug: `lottery:${draw.draw_id}`,
            createdAt: draw.drawn_at,
            read: false,
            preview: {
              title: t('lottery.notification.title'),
              text: t('lottery.notification.text', {
                ticket: draw.prize.ticket,
                place: draw.prize.place,
                date: athensDay(draw.draw_at, locale),
                prize: prizeText(draw.prize, t, money),
              }),
            },
          },
        ]
      : [],
  );
}

/** The notifications list's source of lottery wins (app/features/notifications/sources.ts). */
export const lotteryNotificationSource: NotificationSource = {
  id: 'lottery',
  async read({ locale, api, currencies }) {
    const answer = await api(endpoints.lottery.player, {}).catch(() => null);
    if (!answer?.ok) return [];
    return lotteryNotificationItems(answer.body, locale, moneyFormatter(currencies, locale));
  },
};
