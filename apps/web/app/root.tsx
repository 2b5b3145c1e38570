import { directionOf, localeFromPath } from '@chrysos/rules';
import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import { appContext } from '#app-context';
import type { Route } from './+types/root';
import { catalogues } from './i18n/catalogues.server';
import { I18nProvider } from './i18n/i18n';
import './styles/app.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const { license } = context.get(appContext);
  return { locale, messages: catalogues[locale], license };
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const locale = data?.locale ?? 'en';
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#15121f" />
        <Meta />
        <Links />
      </head>
      <body>
        {data ? (
          <I18nProvider locale={data.locale} messages={data.messages}>
            {children}
          </I18nProvider>
        ) : (
          children
        )}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Reached only when the root loader itself failed, so no translations are at hand. */
export function ErrorBoundary() {
  return (
    <main className="error-page">
      <h1>Chrysos Casino</h1>
      <p>Something went wrong while loading this page. Please try again in a moment.</p>
      <a className="button button--primary" href="/">
        Back to the home page
      </a>
    </main>
  );
}
