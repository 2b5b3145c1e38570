import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import '../../styles/modal-messages.css';

/**
 * IosAppReviews (spec §2 Modals): asks an iOS app player for a review on the App Store (the app's page
 * there is the operator's IOS_APP_STORE_URL); without one configured, for their feedback to support.
 * "Not now" dismisses it.
 */
export function IosAppReviewsModal() {
  const { t, locale } = useTranslation();
  const { close } = useModals();
  const appStoreUrl = useRootData()?.iosAppStoreUrl ?? null;
  const done = () => close('IosAppReviews');
  return (
    <div className="modal__body modal-message">
      <p>{t('iosApp.reviews.lead')}</p>
      <p>{t('iosApp.reviews.note')}</p>
      <div className="modal-message__actions">
        {appStoreUrl ? (
          <a
            className="button button--primary"
            href={appStoreUrl}
            target="_blank"
            rel="noopener"
            onClick={done}
          >
            {t('iosApp.reviews.rate')}
          </a>
        ) : (
          <Link className="button button--primary" to={localizePath('/support', locale)} onClick={done}>
            {t('iosApp.reviews.feedback')}
          </Link>
        )}
        <button type="button" className="button button--ghost" onClick={done}>
          {t('iosApp.reviews.later')}
        </button>
      </div>
    </div>
  );
}
