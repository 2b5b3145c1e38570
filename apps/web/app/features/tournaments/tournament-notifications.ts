import type { NotificationItem } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import { createTranslator, type Translate } from '../../lib/i18n';
import { provisionalCurrency, showMoney } from '../cashier/money';
import type { NotificationSource } from '../notifications/sources';
import el from './messages.el.json';
import en from './messages.en.json';

const translators: Record<Locale, Translate> = { en: createTranslator(en), el: createTranslator(el) };

/**
 * A tournament prize as a notification in the list (the end job also pushes it to the player's
 * browsers): one per finished tournament the player won a prize in, dated at its end.
 */
export const tournamentNotificationSource: NotificationSource = {
  id: 'tournaments',
  async read({ locale, api, currencies }) {
    const answer = await api(endpoints.tournaments.recent, {}).catch(() => null);
    if (!answer?.ok) return [];
    const t = translators[locale];
    return answer.body.flatMap((tournament): NotificationItem[] => {
      const { status } = tournament;
      if (!status?.prize) return [];
      const { amount_cents, currency } = status.prize;
      const prize = showMoney(
        amount_cents,
        currencies.find((entry) => entry.code === currency) ?? provisionalCurrency(currency),
        { locale },
      );
      return [
        {
          type: 'content',
          slug: `tournament:${tournament.id}`,
          createdAt: tournament.end_at,
          read: false,
          preview: {
            title: t('tournaments.notification.title', { title: tournament.title }),
            text: t('tournaments.won', { place: status.place ?? 0, prize }),
          },
        },
      ];
    });
  },
};
