import { pageMeta } from '../features/content/meta';
import { NotificationsPage } from '../features/notifications/NotificationsPage';
import { useTranslation } from '../lib/i18n';
import { useChrome } from '../lib/route-data';
import type { Route } from './+types/notifications';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'notifications', 'Notifications');

/** Spec §2 /notifications: the signed-in player's notifications centre. */
export default function Notifications() {
  const { t } = useTranslation();
  const entry = useChrome()?.metaTags.notifications;
  return <NotificationsPage title={t('notifications.bell')} lead={entry?.description ?? null} />;
}
