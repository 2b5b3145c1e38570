import { useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { usePlayerSession } from '../player/player-session';
import { NotificationsList } from './NotificationsList';
import { type NotificationsRead, seedNotifications } from './notifications-store';

/**
 * The /notifications page: the signed-in player's notifications as its loader read them (`known`), the
 * one named by `?item=` opened. The loader's list becomes the shared one (the header bell's) before the
 * browser paints, so nothing reads it again; again each time the route is read again.
 */
export function NotificationsPage({
  title,
  lead,
  known,
}: {
  title: string;
  lead: string | null;
  known: NotificationsRead | null;
}) {
  const [search] = useSearchParams();
  const { locale } = useTranslation();
  const session = usePlayerSession();
  const playerId = session.status === 'loggedIn' ? session.id : null;
  // Before the header bell's effect would read the list itself.
  useLayoutEffect(() => {
    if (playerId && known) seedNotifications(playerId, locale, known);
  }, [playerId, locale, known]);
  return (
    <section className="content-page notifications-page">
      <h1>{title}</h1>
      {lead ? <p className="section-page__lead">{lead}</p> : null}
      <NotificationsList expanded={search.get('item')} known={known} />
    </section>
  );
}
