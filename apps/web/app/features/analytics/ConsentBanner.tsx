import { localizePath } from '@chrysos/rules';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { Consent } from './consent';
import '../../styles/consent-banner.css';

/**
 * Asks a visitor whether the site may measure how it is used (issue 37): both choices equally easy,
 * nothing measured until they agree. Opened again from the footer's "Cookie settings".
 */
export function ConsentBanner({
  current,
  onChoose,
}: {
  current: Consent | null;
  onChoose(choice: Consent): void;
}) {
  const { t, locale } = useTranslation();
  const title = useId();
  return (
    <section className="consent-banner" role="dialog" aria-modal="false" aria-labelledby={title}>
      <h2 id={title}>{t('consent.title')}</h2>
      <p>
        {t('consent.body')} <Link to={localizePath('/cookie-policy', locale)}>{t('consent.policy')}</Link>
      </p>
      {current ? (
        <p>{t(current === 'analytics' ? 'consent.currentlyAll' : 'consent.currentlyNecessary')}</p>
      ) : null}
      <div className="consent-banner__actions">
        <button type="button" className="button button--primary" onClick={() => onChoose('analytics')}>
          {t('consent.accept')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onChoose('necessary')}>
          {t('consent.necessaryOnly')}
        </button>
      </div>
    </section>
  );
}
