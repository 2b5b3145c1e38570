import { localeFromPath } from '@chrysos/rules';
import type { ShouldRevalidateFunction } from 'react-router';
import { appContext } from '#app-context';
import { pageMeta } from '../features/content/meta';
import { NotificationsPage } from '../features/notifications/NotificationsPage';
import { loadNotificationsPage } from '../features/notifications/notifications-page.server';
import { useTranslation } from '../lib/i18n';
import { pageUrl } from '../lib/request-url';
import { useChrome } from '../lib/route-data';
import type { Route } from './+types/notifications';

/** The signed-in player's notifications in the page's language, read as them; null for a visitor. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadNotificationsPage(context.get(appContext), localeFromPath(pageUrl(request).pathname));
}

/** Opening an item (`?item=`) changes only the query: the list read stands, nothing is read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
    ? false
    : defaultShouldRevalidate;

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'notifications', 'Notifications');

/** Spec §2 /notifications: the signed-in player's notifications centre. */
export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const entry = useChrome()?.metaTags.notifications;
  return (
    <NotificationsPage title={t('notifications.bell')} lead={entry?.description ?? null} known={loaderData} />
  );
}
