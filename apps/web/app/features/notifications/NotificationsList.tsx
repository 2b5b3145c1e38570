import type { NotificationItem } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { isModalName } from '../../modals/registry';
import { usePlayerSession } from '../player/player-session';
import { arrangeNotifications } from './notification-list';
import { markRead, type NotificationsRead, useNotifications } from './notifications-store';
import { usePush } from './push';

function formatDate(createdAt: string, locale: string) {
  return new Intl.DateTimeFormat(locale === 'el' ? 'el-GR' : 'en-GB', { dateStyle: 'medium' }).format(
    new Date(createdAt),
  );
}

/**
 * The notifications list (spec §2 NotificationsList, /notifications): unread first, then at most 5
 * read ones. Opening an item marks it read and opens its modal when it names one, else its text on
 * the notifications page (a bonus or free spins item: the profile's bonus tab). `expanded` is the
 * item whose text is shown (the page's `?item=`).
 */
export function NotificationsList({
  expanded,
  onOpenPage,
  known = null,
}: {
  expanded?: string | null;
  onOpenPage?: () => void;
  /** What the page's loader read: shown until the shared list holds it (the server's HTML, hydration). */
  known?: NotificationsRead | null;
}) {
  const { t, locale } = useTranslation();
  const session = usePlayerSession();
  const playerId = session.status === 'loggedIn' ? session.id : null;
  const shared = useNotifications(playerId, locale);
  const { status, unread, read } =
    shared.status !== 'ready' && known
      ? { status: 'ready', ...arrangeNotifications(Object.values(known.bySource).flat(), known.serverReads) }
      : shared;
  const { open } = useModals();
  const navigate = useNavigate();
  const push = usePush();

  const openItem = (item: NotificationItem) => {
    markRead([item]);
    if (item.modal && isModalName(item.modal)) {
      open(item.modal);
      return;
    }
    onOpenPage?.();
    // A bonus or free spins item leads to them in the profile's bonus tab.
    if (item.type !== 'content') {
      void navigate(localizePath('/profile/bonuses', locale));
      return;
    }
    void navigate(`${localizePath('/notifications', locale)}?item=${encodeURIComponent(item.slug)}`);
  };

  const row = (item: NotificationItem) => (
    <li
      key={`${item.slug}|${item.createdAt}`}
      className={item.read ? 'notification notification--read' : 'notification'}
      data-notification={item.slug}
      data-read={item.read ? 'true' : 'false'}
    >
      <button type="button" className="notification__open" onClick={() => openItem(item)}>
        {item.preview.image ? <img className="notification__image" src={item.preview.image} alt="" /> : null}
        <span className="notification__text">
          <strong className="notification__title">{item.preview.title}</strong>
          <span>{item.preview.text}</span>
          <time dateTime={item.createdAt} className="notification__date">
            {formatDate(item.createdAt, locale)}
          </time>
        </span>
        {item.read ? null : (
          <span className="notification__dot" role="img" aria-label={t('notifications.unread')} />
        )}
      </button>
      {expanded === item.slug && item.bodyHtml ? (
        // Content HTML is rendered from the operator's Markdown and sanitised by the content store.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised content HTML
        <div className="notification__body" dangerouslySetInnerHTML={{ __html: item.bodyHtml }} />
      ) : null}
    </li>
  );

  if (!playerId) {
    return (
      <p className="notice">
        {t('notifications.signInFirst')}{' '}
        <Link to={localizePath('/users/sign_in', locale)} onClick={onOpenPage}>
          {t('header.signIn')}
        </Link>
      </p>
    );
  }

  return (
    <div className="notifications">
      <div className="notifications__bar">
        {unread.length > 0 ? (
          <button type="button" className="button button--ghost" onClick={() => markRead(unread)}>
            {t('notifications.markAllRead')}
          </button>
        ) : null}
        {push.state === 'default' ? (
          <button
            type="button"
            className="button button--ghost"
            data-push="turn-on"
            onClick={() => void push.turnOn()}
          >
            {t('notifications.push.turnOn')}
          </button>
        ) : null}
        {push.state === 'denied' ? (
          <p className="notifications__hint">{t('notifications.push.blocked')}</p>
        ) : null}
      </div>
      {status !== 'ready' ? (
        <p className="notifications__empty">
          <span className="spinner" aria-hidden="true" /> {t('notifications.loading')}
        </p>
      ) : unread.length + read.length === 0 ? (
        <p className="notifications__empty">{t('notifications.empty')}</p>
      ) : (
        <>
          {unread.length > 0 ? (
            <section aria-label={t('notifications.new')}>
              <ul className="notifications__items" data-list="unread">
                {unread.map(row)}
              </ul>
            </section>
          ) : (
            <p className="notifications__empty">{t('notifications.allRead')}</p>
          )}
          {read.length > 0 ? (
            <section aria-labelledby="notifications-earlier">
              <h3 id="notifications-earlier" className="notifications__heading">
                {t('notifications.earlier')}
              </h3>
              <ul className="notifications__items" data-list="read">
                {read.map(row)}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
