import { endpoints } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import type { AppContext } from '../../lib/app-context';
import type { NotificationsRead } from './notifications-store';
import { notificationSources } from './sources';

/**
 * /notifications: the signed-in player's notifications from every source and the read records the
 * server keeps, read in-process as the player (decision 9) so the list is in the server's HTML; null
 * for a visitor (the page asks them to sign in). A source that cannot be read has no items.
 */
export async function loadNotificationsPage(
  app: AppContext,
  locale: Locale,
): Promise<NotificationsRead | null> {
  const { player } = app;
  if (!player) return null;
  const currencies = await app.api(endpoints.info.currencies, {}).catch(() => null);
  const context = {
    locale,
    playerId: player.id,
    api: app.api,
    currencies: currencies?.ok ? currencies.body : [],
  };
  const [lists, server] = await Promise.all([
    Promise.all(notificationSources.map((source) => source.read(context).catch(() => []))),
    app.api(endpoints.notifications.readRecords, {}).catch(() => null),
  ]);
  return {
    bySource: Object.fromEntries(notificationSources.map((source, index) => [source.id, lists[index] ?? []])),
    serverReads: server?.ok ? server.body.records : [],
  };
}
