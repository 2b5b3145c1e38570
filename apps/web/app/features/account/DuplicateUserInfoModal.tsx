import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import '../../styles/modal-messages.css';

/**
 * DuplicateUserInfo (spec §2 Modals): the details given match an account already registered; one
 * account per person, so the way on is that account (a new password if forgotten) or support.
 */
export function DuplicateUserInfoModal() {
  const { t, locale } = useTranslation();
  const { close, open } = useModals();
  return (
    <div className="modal__body modal-message">
      <h3>{t('duplicateUserInfo.lead')}</h3>
      <p>{t('duplicateUserInfo.why')}</p>
      <p>{t('duplicateUserInfo.support')}</p>
      <div className="modal-message__actions">
        <Link
          className="button button--primary"
          to={localizePath('/support', locale)}
          onClick={() => close('DuplicateUserInfo')}
        >
          {t('duplicateUserInfo.contact')}
        </Link>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            close('DuplicateUserInfo');
            open('ResetPassword');
          }}
        >
          {t('duplicateUserInfo.resetPassword')}
        </button>
      </div>
    </div>
  );
}
