import { localizePath } from '@chrysos/rules';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import '../../styles/modal-messages.css';

/**
 * IosAppShare (spec §2 Modals): shares the app, that is its page /mobile-app in the player's language,
 * with the system share sheet (Web Share API) where the browser has one, else by copying the link.
 */
export function IosAppShareModal() {
  const { t, locale } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const link = () => new URL(localizePath('/mobile-app', locale), window.location.origin).toString();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function share() {
    if (canShare) {
      try {
        await navigator.share({ title: t('iosApp.share.title'), text: t('iosApp.share.text'), url: link() });
        return;
      } catch (error) {
        // The player closed the share sheet: nothing to do. Anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link());
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <div className="modal__body modal-message">
      <p>{t('iosApp.share.lead')}</p>
      {state === 'copied' ? (
        <p className="notice notice--success" role="status">
          {t('iosApp.share.copied')}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p role="status">
          {t('iosApp.share.failed')} <input readOnly value={link()} aria-label={t('iosApp.share.copy')} />
        </p>
      ) : null}
      <div className="modal-message__actions">
        <button type="button" className="button button--primary" onClick={share}>
          {canShare ? t('iosApp.share.share') : t('iosApp.share.copy')}
        </button>
      </div>
    </div>
  );
}
