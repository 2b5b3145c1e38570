import { localizePath } from '@chrysos/rules';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { usePlayerSession } from '../player/player-session';
import { NotificationsList } from './NotificationsList';

/** The /notifications page: the signed-in player's notifications, the one named by `?item=` opened. */
export function NotificationsPage({ title, lead }: { title: string; lead: string | null }) {
  const { t, locale } = useTranslation();
  const session = usePlayerSession();
  const [search] = useSearchParams();
  return (
    <section className="content-page notifications-page">
      <h1>{title}</h1>
      {lead ? <p className="section-page__lead">{lead}</p> : null}
      {session.status === 'loggedIn' ? (
        <NotificationsList expanded={search.get('item')} />
      ) : (
        <p className="notice">
          {t('notifications.signInFirst')}{' '}
          <Link to={localizePath('/users/sign_in', locale)}>{t('header.signIn')}</Link>
        </p>
      )}
    </section>
  );
}
