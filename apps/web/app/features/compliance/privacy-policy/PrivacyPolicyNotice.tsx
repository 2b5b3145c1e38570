import type { ContentData } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { localizePath } from '@chrysos/rules';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { api } from '../../../lib/api';
import { useTranslation } from '../../../lib/i18n';
import '../../../styles/policy-notice.css';

/**
 * The privacy policy update (content privacyPolicyUpdate, issue 31 item 16): a signed-in player who has
 * not accepted the version in force sees its notice under the header of every page until they accept
 * it. The acceptance is kept per player on the server (POST /player/privacy_policy/acceptance, in the
 * audit trail), so it follows them to every device; the page learns of it from the root loader.
 */
export function PrivacyPolicyNotice({ notice }: { notice: ContentData<'privacyPolicyUpdate'> }) {
  const { t, locale } = useTranslation();
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<'idle' | 'saving' | 'failed' | 'accepted'>('idle');
  if (state === 'accepted') return null;

  async function accept() {
    setState('saving');
    const answer = await api(endpoints.privacyPolicy.accept, { body: { version: notice.utcDateTime } }).catch(
      () => null,
    );
    if (answer?.ok && !answer.body.must_accept) {
      setState('accepted');
      await revalidate();
      return;
    }
    setState('failed');
  }

  const link = notice.linkUrl.startsWith('/') ? localizePath(notice.linkUrl, locale) : notice.linkUrl;
  return (
    <section className="policy-notice" aria-label={notice.title} data-policy-notice={notice.utcDateTime}>
      <p className="policy-notice__title">{notice.title}</p>
      <p>{notice.text}</p>
      {state === 'failed' ? (
        <p className="form-alert" role="alert">
          {t('privacyPolicy.failed')}
        </p>
      ) : null}
      <div className="policy-notice__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={state === 'saving'}
          aria-busy={state === 'saving'}
          onClick={accept}
        >
          {state === 'saving' ? t('privacyPolicy.accepting') : t('privacyPolicy.accept')}
        </button>
        <Link className="button button--ghost" to={link}>
          {notice.linkText}
        </Link>
      </div>
    </section>
  );
}
