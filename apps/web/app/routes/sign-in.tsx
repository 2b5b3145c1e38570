import { localeFromPath, localizePath } from '@chrysos/rules';
import { useEffect } from 'react';
import { Link, redirect, useLocation, useNavigate, useSearchParams } from 'react-router';
import { appContext } from '#app-context';
import { SignInForm, SignUpForm } from '../features/account/AuthForms';
import { pageMeta } from '../features/content/meta';
import { isLoggedIn, usePlayerSession } from '../features/player/player-session';
import { formatMoment } from '../lib/api-errors';
import { useTranslation } from '../lib/i18n';
import { pageUrl } from '../lib/request-url';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/sign-in';

const isSignUp = (pathname: string) => /\/users\/sign_up\/?$/.test(pathname);

/**
 * A player already signed in is sent home by the server, not shown the form and moved on once the
 * page runs: that page appeared and vanished, its footer jumping (layout shift 0.22 on a desktop).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (context.get(appContext).player)
    throw redirect(localizePath('/', localeFromPath(pageUrl(request).pathname)));
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, isSignUp(args.location.pathname) ? 'sign-up' : 'sign-in', 'Chrysos Casino');

/** Spec §2 /users/sign_in and /users/sign_up: the account forms on their own page. */
export default function SignInPage() {
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const session = usePlayerSession();
  const signUp = isSignUp(useLocation().pathname);
  const home = localizePath('/', locale);
  // A social sign-in that failed comes back here (spec §7 callback).
  const [search] = useSearchParams();
  const socialError = search.get('social_error');
  // A player who just took a break or excluded themselves lands here (?excluded=<end>|permanent), as
  // does a social sign-in refused for it (?social_error=excluded&until=<end>, none when permanent).
  // The end in the visitor's time zone once hydrated; in UTC, said so, on the server and while hydrating.
  const hydrated = useHydrated();
  const excludedUntil =
    search.get('excluded') ?? (socialError === 'excluded' ? (search.get('until') ?? 'permanent') : null);
  const excludedNotice =
    excludedUntil === null
      ? undefined
      : excludedUntil === 'permanent'
        ? t('exclusions.signedOut.permanent')
        : t(
            search.get('kind') === 'self_exclusion'
              ? 'exclusions.signedOut.selfExcludedUntil'
              : 'exclusions.signedOut.until',
            {
              until: hydrated
                ? formatMoment(excludedUntil, locale)
                : `${formatMoment(excludedUntil, locale, 'UTC')} UTC`,
            },
          );

  // A social sign-in refused because an operator suspended or closed the account says so, as the form does.
  const barredNotice =
    socialError === 'suspended' || socialError === 'closed'
      ? t(`codes.auth.account_${socialError}`)
      : undefined;

  // A player who signs in in another tab while this page is open has nothing to do here either.
  useEffect(() => {
    if (isLoggedIn(session)) navigate(home, { replace: true });
  }, [session, navigate, home]);

  return (
    <section className="content-page account-page">
      <h1>{signUp ? t('auth.signUpTitle') : t('auth.signInTitle')}</h1>
      {signUp ? (
        <SignUpForm onDone={() => navigate(home)} />
      ) : (
        <SignInForm
          onDone={() => navigate(home)}
          initialProblem={
            excludedNotice ?? barredNotice ?? (socialError ? t('auth.socialFailed') : undefined)
          }
          startLocked={socialError === 'locked'}
        />
      )}
      {excludedNotice ? <p className="account-page__help">{t('exclusions.signedOut.help')}</p> : null}
      <p>
        <Link to={localizePath(signUp ? '/users/sign_in' : '/users/sign_up', locale)}>
          {signUp ? t('auth.haveAccount') : t('auth.noAccount')}
        </Link>
      </p>
    </section>
  );
}
