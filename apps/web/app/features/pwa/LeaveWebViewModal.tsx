import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';

/** Asks an iOS in-app browser user to continue in Safari, with the link ready to copy. */
export function LeaveWebViewModal() {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="modal__body">
      <p>{t('modals.leaveWebView.text')}</p>
      <p>{t('modals.leaveWebView.howTo')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={async () => {
          await navigator.clipboard?.writeText(window.location.href);
          setCopied(true);
        }}
      >
        {copied ? t('modals.leaveWebView.copied') : t('modals.leaveWebView.copy')}
      </button>
    </div>
  );
}
