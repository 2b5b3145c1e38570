import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { Icon } from '../../ui/icons/icons';
import { unreadBadge } from './notification-list';
import { useNotifications } from './notifications-store';
import { useAutoSubscribe } from './push';

/** Spec §2 header: the signed-in player's bell with the unread counter ("9+" above 9). */
export function NotificationBell({ playerId }: { playerId: string }) {
  const { t, locale } = useTranslation();
  const { open } = useModals();
  const { unread } = useNotifications(playerId, locale);
  useAutoSubscribe(playerId);
  const badge = unreadBadge(unread.length);
  return (
    <button
      type="button"
      className="icon-button header__bell"
      aria-label={badge ? t('notifications.bellUnread', { count: unread.length }) : t('notifications.bell')}
      title={t('notifications.bell')}
      aria-haspopup="dialog"
      onClick={() => open('NotificationsList')}
    >
      <Icon name="bell" size={20} />
      {badge ? (
        <span className="header__bell-count" data-unread={badge} aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </button>
  );
}
