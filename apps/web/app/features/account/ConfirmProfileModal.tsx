import { localizePath } from '@chrysos/rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { FormSuccess } from '../../ui/fields';
import { usePlayer } from '../player/player-session';
import { displayDate } from './profile-values';
import '../../styles/modal-messages.css';

/**
 * ConfirmProfile (spec §2 Modals): shows the name, birth date and address the player API holds for the
 * signed-in player and asks them to confirm them or change them on /profile/general.
 */
export function ConfirmProfileModal() {
  const { t, locale } = useTranslation();
  const { close, open } = useModals();
  const player = usePlayer();
  const [confirmed, setConfirmed] = useState(false);
  if (!player) {
    return (
      <div className="modal__body modal-message">
        <p>{t('profile.signInPrompt')}</p>
        <button type="button" className="button button--primary" onClick={() => open('Login')}>
          {t('auth.signIn')}
        </button>
      </div>
    );
  }
  const missing = t('confirmProfile.missing');
  const name = [player.first_name, player.last_name].filter(Boolean).join(' ');
  const place = [player.postal_code, player.city].filter(Boolean).join(' ');
  const address = [player.address, place, player.country].filter(Boolean).join(', ');
  return (
    <div className="modal__body modal-message">
      <p>{t('confirmProfile.lead')}</p>
      <dl className="modal-message__details">
        <dt>{t('confirmProfile.name')}</dt>
        <dd data-detail="name">{name || missing}</dd>
        <dt>{t('confirmProfile.dateOfBirth')}</dt>
        <dd data-detail="date_of_birth">{displayDate(player.date_of_birth) || missing}</dd>
        <dt>{t('confirmProfile.address')}</dt>
        <dd data-detail="address">{address || missing}</dd>
      </dl>
      {confirmed ? <FormSuccess>{t('confirmProfile.confirmed')}</FormSuccess> : null}
      <div className="modal-message__actions">
        {confirmed ? (
          <button type="button" className="button button--primary" onClick={() => close('ConfirmProfile')}>
            {t('thankYou.close')}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => setConfirmed(true)}>
            {t('confirmProfile.confirm')}
          </button>
        )}
        <Link
          className="button button--ghost"
          to={localizePath('/profile/general', locale)}
          onClick={() => close('ConfirmProfile')}
        >
          {t('confirmProfile.edit')}
        </Link>
      </div>
    </div>
  );
}
