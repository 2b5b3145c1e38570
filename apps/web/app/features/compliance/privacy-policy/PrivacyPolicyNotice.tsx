import type { ContentData } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { Link, useFetcher, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useHydrated } from '../../../lib/use-hydrated';
import type { AcceptResult } from './accept-action.server';
import '../../../styles/policy-notice.css';

/**
 * The privacy policy update (content privacyPolicyUpdate, issue 31 item 16): a signed-in player who has
 * not accepted the version in force sees its notice under the header of every page until they accept
 * it. The acceptance is kept per player on the server (POST /player/privacy_policy/acceptance, in the
 * audit trail), so it follows them to every device; the page learns of it from the root loader. The
 * acceptance posts to its route's action (routes/privacy-acceptance.ts), with JavaScript or without.
 */
export function PrivacyPolicyNotice({ notice }: { notice: ContentData<'privacyPolicyUpdate'> }) {
  const { t, locale } = useTranslation();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  // Posts to the acceptance route's action; the root loader reads the notice again after it.
  const fetcher = useFetcher<AcceptResult>();
  const saving = fetcher.state !== 'idle';
  if (fetcher.data?.ok) return null;
  const failed = fetcher.data?.ok === false;

  const link = notice.linkUrl.startsWith('/') ? localizePath(notice.linkUrl, locale) : notice.linkUrl;
  return (
    <section className="policy-notice" aria-label={notice.title} data-policy-notice={notice.utcDateTime}>
      <p className="policy-notice__title">{notice.title}</p>
      <p>{notice.text}</p>
      {failed ? (
        <p className="form-alert" role="alert">
          {t('privacyPolicy.failed')}
        </p>
      ) : null}
      <fetcher.Form
        method="post"
        action={localizePath('/privacy-policy/acceptance', locale)}
        className="policy-notice__actions"
      >
        <input type="hidden" name="version" value={notice.utcDateTime} />
        {/* Without JavaScript the answer is the page the form was on, without the notice. */}
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        {hydrated ? <input type="hidden" name="answer" value="here" /> : null}
        <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
          {saving ? t('privacyPolicy.accepting') : t('privacyPolicy.accept')}
        </button>
        <Link className="button button--ghost" to={link}>
          {notice.linkText}
        </Link>
      </fetcher.Form>
    </section>
  );
}
