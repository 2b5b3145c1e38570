import { localizePath, stripLocale } from '@chrysos/rules';
import { data, Link, useMatches } from 'react-router';
import { appContext } from '#app-context';
import { requestEmail } from '../features/account/account-forms.server';
import { EmailRequestForm, type EmailRequestKind, emailRequests } from '../features/account/EmailRequestForm';
import { pageMeta } from '../features/content/meta';
import { useTranslation } from '../lib/i18n';
import { pageUrl } from '../lib/request-url';
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

/** A signed-in player's address, which the confirmation request starts from; null for a visitor. */
export async function loader({ context }: Route.LoaderArgs) {
  return { playerEmail: context.get(appContext).player?.email ?? null };
}

/** The request the page's form posts (by a fetcher, or as a plain form without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const path = stripLocale(pageUrl(request).pathname);
  const kind = (Object.keys(emailRequests) as EmailRequestKind[]).find(
    (name) => emailRequests[name].page === path,
  );
  if (!kind) throw data(null, { status: 404 });
  return requestEmail(kind, request, context);
}

/**
 * Spec §2 /users/password/new, /users/confirmation/new and /users/unlock/new: the visitor gives an
 * email address and is told, whether or not it has an account, that a link is on its way.
 */
export default function AccountEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const kind = kindOf(useMatches().at(-1)?.id);
  const { playerEmail } = loaderData;
  const to = (path: string) => localizePath(path, locale);
  return (
    <section className="content-page account-page">
      <h1>{t(`${kind}.request.title`)}</h1>
      <p className="account-page__lead">{t(`${kind}.request.lead`)}</p>
      <EmailRequestForm
        kind={kind}
        idPrefix={`${kind}-request`}
        initialEmail={kind === 'confirmation' ? (playerEmail ?? '') : ''}
        posted={actionData}
      />
      {playerEmail ? null : (
        <p className="account-page__links">
          <Link to={to('/users/sign_in')}>{t('account.backToSignIn')}</Link>
        </p>
      )}
    </section>
  );
}
