import type { Currency, NotificationItem } from '@chrysos/contract';
import { type Client, endpoints } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import { bonusNotificationSource } from '../bonuses/bonus-notifications';
import { lotteryNotificationSource } from '../lottery/lottery-notifications';
import { tournamentNotificationSource } from '../tournaments/tournament-notifications';

/** What a source reads the signed-in player's items with. */
export interface SourceContext {
  locale: Locale;
  playerId: string;
  /** The API as the player: in-process in a route's loader, the browser's in the page. */
  api: Client;
  /** The currencies' formats, for the amounts the items state. */
  currencies: readonly Currency[];
}

/**
 * Where the notifications list gets its items (spec §3 Notification item: content, bonus, freespin).
 * Each source `read`s the signed-in player's items through the API it is given (the /notifications
 * loader's, the header bell's in the browser); the list merges them. In the browser a source may
 * `load` otherwise (the bonuses, from their shared store). A source whose items change while the page
 * is open (the bonus engine's, as pushes arrive) also `watch`es: it hands the list its items afresh
 * each time they change.
 */
export interface NotificationSource {
  id: string;
  read(context: SourceContext): Promise<NotificationItem[]>;
  load?(context: SourceContext): Promise<NotificationItem[]>;
  watch?(
    context: { locale: Locale; playerId: string },
    changed: (items: NotificationItem[]) => void,
  ): () => void;
}

interface ContentNotification {
  slug: string;
  createdAt: string;
  modal?: string;
  preview: { title: string; text: string; image?: string };
}

/**
 * Content notifications (notificationsCollection in the page's language), read through the content
 * query as the signed-in player, so their visibility settings apply (groups, dates, A/B variant).
 * A failed fetch is logged and the list has none (spec §4).
 */
export const contentNotifications: NotificationSource = {
  id: 'content',
  async read({ locale, api }) {
    try {
      const answer = await api(endpoints.content.query, {
        body: {
          collection: 'notificationsCollection',
          locale,
          order: [{ field: 'createdAt', direction: 'desc' }],
          limit: 200,
        },
      });
      if (!answer.ok) throw new Error(`the content query answered ${answer.status}`);
      // One dated ahead is shown (and pushed) when its time comes.
      const now = Date.now();
      // The content query answers any collection; this one's items are notifications.
      const items = answer.body.items as unknown as { data: ContentNotification; bodyHtml: string | null }[];
      return items
        .filter(({ data }) => Date.parse(data.createdAt) <= now)
        .map(({ data, bodyHtml }) => ({
          type: 'content' as const,
          slug: data.slug,
          createdAt: data.createdAt,
          read: false,
          modal: data.modal,
          preview: data.preview,
          bodyHtml,
        }));
    } catch (error) {
      console.error('content notifications could not be loaded', error);
      return [];
    }
  },
};

export const notificationSources: NotificationSource[] = [
  contentNotifications,
  bonusNotificationSource,
  tournamentNotificationSource,
  lotteryNotificationSource,
];
