import {
  type Locale,
  localeCookieMaxAgeSeconds,
  localeCookieName,
  localeFromPath,
  localizePath,
} from '@chrysos/rules';
import { data, isRouteErrorResponse, Outlet, redirect } from 'react-router';
import { appContext } from '#app-context';
import { BlockedPage } from '../features/chrome/BlockedPage';
import { loadChrome } from '../features/chrome/chrome.server';
import { ErrorScreen } from '../features/chrome/ErrorScreen';
import { metaFor } from '../features/content/meta';
import { pageUrl } from '../lib/request-url';
import type { ChromeData } from '../lib/route-data';
import type { Route } from './+types/locale';

function cookieLocale(request: Request): Locale | null {
  const match = /(?:^|;\s*)i18n_redirected=(en|el)(?:;|$)/.exec(request.headers.get('cookie') ?? '');
  return (match?.[1] as Locale | undefined) ?? null;
}

function prefersGreek(request: Request): boolean {
  const first = (request.headers.get('accept-language') ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'el' || first.startsWith('el-');
}

/**
 * Everything every page needs: the visitor may be blocked (403), sent to the language they chose
 * before, and gets the site chrome from the content store.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = pageUrl(request);
  const locale = localeFromPath(url.pathname);

  if (app.blocked) {
    throw data({ supportEmail: app.supportEmail, chrome: loadChrome(app, locale) }, { status: 403 });
  }

  const remembered = cookieLocale(request);
  if (url.pathname === '/' && !app.isBot && (remembered ?? (prefersGreek(request) ? 'el' : 'en')) === 'el') {
    throw redirect(`${localizePath('/', 'el')}${url.search}`);
  }

  const headers = new Headers();
  if (remembered !== locale) {
    headers.append(
      'Set-Cookie',
      `${localeCookieName}=${locale}; Path=/; Max-Age=${localeCookieMaxAgeSeconds}; SameSite=Lax`,
    );
  }
  return data(loadChrome(app, locale), { headers });
}

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // When this route's own loader failed its data is absent; a 403 carries the chrome in the error.
  const chrome = isRouteErrorResponse(error)
    ? (error.data as { chrome?: ChromeData } | null)?.chrome
    : undefined;
  return [...metaFor(chrome, String(status), `${status} error`), { name: 'robots', content: 'noindex' }];
};

export default function LocaleRoute() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    const details = error.data as { supportEmail: string; chrome: ChromeData };
    return <BlockedPage supportEmail={details.supportEmail} logo={details.chrome.logo} />;
  }
  return <ErrorScreen error={error} />;
}
