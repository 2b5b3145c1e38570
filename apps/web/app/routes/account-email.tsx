import { localizePath } from '@chrysos/rules';
import { Link, useMatches } from 'react-router';
import { EmailRequestForm, type EmailRequestKind } from '../features/account/EmailRequestForm';
import { pageMeta } from '../features/content/meta';
import { usePlayer } from '../features/player/player-session';
import { useTranslation } from '../lib/i18n';
import type { Route } from './+types/account-email';

/** The route ids of the three "email me a link" pages, with the request each makes. */
const kinds: Record<string, EmailRequestKind> = {
  'password-new': 'password',
  'confirmation-new': 'confirmation',
  'unlock-new': 'unlock',
};
const kindOf = (routeId: string | undefined): EmailRequestKind => kinds[routeId ?? ''] ?? 'password';

/** The metaTags slug is the route id: password-new, confirmation-new, unlock-new. */
export const meta: Route.MetaFunction = (args) => {
  const id = args.matches.at(-1)?.id;
  return pageMeta(args, id && id in kinds ? id : 'password-new', 'Chrysos Casino');
};

/**
 * Spec §2 /users/password/new, /users/confirmation/new and /users/unlock/new: the visitor gives an
 * email address and is told, whether or not it has an account, that a link is on its way.
 */
export default function AccountEmailPage() {
  const { t, locale } = useTranslation();
  const kind = kindOf(useMatches().at(-1)?.id);
  const player = usePlayer();
  const to = (path: string) => localizePath(path, locale);
  return (
    <section className="content-page account-page">
      <h1>{t(`${kind}.request.title`)}</h1>
      <p className="account-page__lead">{t(`${kind}.request.lead`)}</p>
      <EmailRequestForm
        kind={kind}
        idPrefix={`${kind}-request`}
        initialEmail={kind === 'confirmation' ? (player?.email ?? '') : ''}
      />
      {player ? null : (
        <p className="account-page__links">
          <Link to={to('/users/sign_in')}>{t('account.backToSignIn')}</Link>
        </p>
      )}
    </section>
  );
}
