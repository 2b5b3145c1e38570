import { useSearchParams } from 'react-router';
import { NotificationsList } from './NotificationsList';

/** The /notifications page: the signed-in player's notifications, the one named by `?item=` opened. */
export function NotificationsPage({ title, lead }: { title: string; lead: string | null }) {
  const [search] = useSearchParams();
  return (
    <section className="content-page notifications-page">
      <h1>{title}</h1>
      {lead ? <p className="section-page__lead">{lead}</p> : null}
      <NotificationsList expanded={search.get('item')} />
    </section>
  );
}
