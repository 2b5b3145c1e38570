import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useModalData, useModals } from '../../modals/ModalProvider';
import '../../styles/modal-messages.css';

/** A message configured in content (realtimeCrmConfigure) for the ThankYou modal to show. */
export interface ConfiguredMessage {
  title: string;
  text: string;
  ctaText: string;
  ctaUrl: string;
}

/**
 * What the ThankYou modal thanks the player for: a deposit that landed (with its amount as shown), a
 * message to support, or a realtime CRM message; opened by name alone (`#ThankYou`) it thanks the
 * player in general.
 */
export type ThankYouData =
  | { kind: 'deposit'; amount: string }
  | { kind: 'contact' }
  | { kind: 'message'; message: ConfiguredMessage };

/**
 * ThankYou (spec §2 Modals, issue 31 item 15): follows a completed deposit or a message to support;
 * it thanks the player, says what happens next and links on.
 */
export function ThankYouModal() {
  const { t, locale } = useTranslation();
  const { close } = useModals();
  const data = useModalData<{ kind: ThankYouData['kind']; amount: string; message: ConfiguredMessage }>(
    'ThankYou',
  );
  const to = (path: string) => (path.startsWith('/') ? localizePath(path, locale) : path);
  const done = () => close('ThankYou');

  let title: string;
  let text: string;
  let cta: { text: string; url: string };
  let secondary: { text: string; url: string } | null = null;
  if (data.kind === 'message' && data.message) {
    ({ title, text } = data.message);
    cta = { text: data.message.ctaText, url: data.message.ctaUrl };
  } else if (data.kind === 'deposit' && typeof data.amount === 'string') {
    title = t('thankYou.deposit.title');
    text = t('thankYou.deposit.text', { amount: data.amount });
    cta = { text: t('thankYou.deposit.cta'), url: '/games/all' };
    secondary = { text: t('thankYou.deposit.history'), url: '/profile/wallet/transactions' };
  } else if (data.kind === 'contact') {
    title = t('thankYou.contact.title');
    text = t('thankYou.contact.text');
    cta = { text: t('thankYou.contact.cta'), url: '/faq' };
  } else {
    title = t('thankYou.generic.title');
    text = t('thankYou.generic.text');
    cta = { text: t('thankYou.generic.cta'), url: '/games/all' };
  }

  return (
    <div className="modal__body modal-message" data-thank-you={data.kind ?? 'generic'}>
      <h3>{title}</h3>
      <p>{text}</p>
      <div className="modal-message__actions">
        {/* A #modal link (content may name one) opens that modal through the address. */}
        <Link className="button button--primary" to={to(cta.url)} onClick={done}>
          {cta.text}
        </Link>
        {secondary ? (
          <Link className="button button--ghost" to={to(secondary.url)} onClick={done}>
            {secondary.text}
          </Link>
        ) : (
          <button type="button" className="button button--ghost" onClick={done}>
            {t('thankYou.close')}
          </button>
        )}
      </div>
    </div>
  );
}
