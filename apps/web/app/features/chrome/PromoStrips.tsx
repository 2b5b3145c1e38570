import { localizePath } from '@chrysos/rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { ChromeData } from '../../lib/route-data';

const target = (url: string, locale: ChromeData['locale']) =>
  url.startsWith('#') ? url : localizePath(url, locale);

/** The promotional strip above the footer (`bottomPromo`). */
export function BottomPromo({ chrome }: { chrome: ChromeData }) {
  const promo = chrome.bottomPromo;
  if (!promo) return null;
  return (
    <aside className="bottom-promo" aria-label={promo.title}>
      <div>
        <h2>{promo.title}</h2>
        <p>{promo.text}</p>
      </div>
      <Link className="button button--primary" to={target(promo.ctaUrl, chrome.locale)}>
        {promo.ctaText}
      </Link>
    </aside>
  );
}

/** The bar pinned to the bottom of phone screens (`downBar`); the visitor can dismiss it. */
export function DownBar({ chrome }: { chrome: ChromeData }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  const bar = chrome.downBar;
  if (!bar || dismissed) return null;
  return (
    <aside className="down-bar">
      <p>{bar.text}</p>
      <Link className="button button--primary" to={target(bar.ctaUrl, chrome.locale)}>
        {bar.ctaText}
      </Link>
      <button
        type="button"
        className="down-bar__close"
        aria-label={t('modals.close')}
        onClick={() => setDismissed(true)}
      >
        ×
      </button>
    </aside>
  );
}
