import { localizePath } from '@chrysos/rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { ChromeData } from '../../lib/route-data';
import { readJson, writeJson } from '../../lib/storage';
import { useHydrated } from '../../lib/use-hydrated';

/** The down bar's text this device dismissed: it stays away until the content says something new. */
export const dismissedDownBarKey = 'chrysos.downBarDismissed';

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

/**
 * The bar at the end of phone pages (`downBar`, the app's invitation), above the bottom navigation and
 * never over the page. Dismissed, it stays away on this device (until its text changes). It appears
 * once the page is live, as only the browser knows whether it was dismissed; at the end of the page,
 * it moves nothing the visitor is reading.
 */
export function DownBar({ chrome }: { chrome: ChromeData }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [dismissedNow, setDismissedNow] = useState(false);
  const bar = chrome.downBar;
  if (!bar || !hydrated || dismissedNow || readJson(dismissedDownBarKey) === bar.text) return null;
  const dismiss = () => {
    writeJson(dismissedDownBarKey, bar.text);
    setDismissedNow(true);
  };
  return (
    <aside className="down-bar">
      <p>{bar.text}</p>
      <Link className="button button--primary" to={target(bar.ctaUrl, chrome.locale)}>
        {bar.ctaText}
      </Link>
      <button type="button" className="down-bar__close" aria-label={t('modals.close')} onClick={dismiss}>
        ×
      </button>
    </aside>
  );
}
