import { localizePath } from '@chrysos/rules';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from 'react-router';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/locale-layout';

/** The default layout: header, page, footer. Errors below it render inside the same frame. */
export default function LocaleLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const locale = root?.locale ?? 'en';
  return (
    <div className="page">
      <Header locale={locale} />
      <main className="page__main" id="main">
        {children}
      </main>
      <Footer license={root?.license ?? 'curacao'} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => {
  const root = matches[0]?.loaderData as {
    messages?: { errors: { notFound: { title: string } }; brand: string };
  };
  if (!error) return [];
  const brand = root?.messages?.brand ?? 'Chrysos Casino';
  const title =
    isRouteErrorResponse(error) && error.status === 404
      ? (root?.messages?.errors.notFound.title ?? 'Page not found')
      : `${isRouteErrorResponse(error) ? error.status : 500} error`;
  return [{ title: `${title} | ${brand}` }, { name: 'robots', content: 'noindex' }];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <Frame>
      <section className="error-page">
        <p className="error-page__code" aria-hidden="true">
          {status}
        </p>
        <h1>{notFound ? t('errors.notFound.title') : t('errors.generic.title', { status })}</h1>
        <p>{notFound ? t('errors.notFound.text') : t('errors.generic.text')}</p>
        <Link className="button button--primary" to={localizePath('/', root?.locale ?? 'en')}>
          {t('errors.goHome')}
        </Link>
      </section>
    </Frame>
  );
}
