import { localizePath } from '@chrysos/rules';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../../lib/route-data';
import { reportCaughtError } from '../monitoring/caught-errors';
import { reloadOnChunkError } from '../pwa/chunk-reload';

/** Spec §2 error page: 404 with its picture and text, other statuses with code and message; both lead home. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'en';
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  useEffect(() => {
    reloadOnChunkError(error);
    reportCaughtError(error);
  }, [error]);
  const message = isRouteErrorResponse(error) && status !== 404 && error.statusText ? error.statusText : null;
  return (
    <section className="error-page">
      {notFound ? (
        <img className="error-page__image" src="/images/not-found.svg" width={320} height={200} alt="" />
      ) : (
        <p className="error-page__code">{status}</p>
      )}
      <h1>{notFound ? t('errors.notFound.title') : t('errors.generic.title', { status })}</h1>
      <p>{notFound ? t('errors.notFound.text') : (message ?? t('errors.generic.text'))}</p>
      <Link className="button button--primary" to={localizePath('/', locale)}>
        {t('errors.goHome')}
      </Link>
    </section>
  );
}
