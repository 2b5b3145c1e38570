import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { NotificationsList } from './NotificationsList';

/** The NotificationsList modal (spec §2): the list, and the way to the notifications page. */
export function NotificationsListModal() {
  const { t, locale } = useTranslation();
  const { close } = useModals();
  const done = () => close('NotificationsList');
  return (
    <div className="modal__body">
      <NotificationsList onOpenPage={done} />
      <p className="notifications__all">
        <Link to={localizePath('/notifications', locale)} onClick={done}>
          {t('notifications.seeAll')}
        </Link>
      </p>
    </div>
  );
}
