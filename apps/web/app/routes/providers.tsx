import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { Picture } from '../components/Picture';
import { contentFor } from '../content/load.server';
import { pageMeta } from '../content/meta';
import { useTranslation } from '../i18n/i18n';
import type { Route } from './+types/providers';

/** Spec §2 /providers: the studios behind the lobby, each leading to its games. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale } = contentFor(request, context);
  const studios = content
    .list('providers', locale)
    .map((item) => ({ ...item.data, html: item.bodyHtml ?? '' }));
  return { studios, locale };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'providers', 'Studios');

export default function Providers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="content-page providers">
      <h1>{t('providers.title')}</h1>
      <ul className="providers__list">
        {loaderData.studios.map((studio) => (
          <li key={studio.slug} className="card providers__studio">
            <Picture src={studio.logo} alt={studio.name} width={240} height={120} />
            <h2>{studio.name}</h2>
            <p className="providers__tagline">{studio.tagline}</p>
            <p className="providers__founded">{t('providers.founded', { year: studio.founded })}</p>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server when content is loaded */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: studio.html }} />
            <Link
              className="button button--ghost"
              to={localizePath(`/games/all/${studio.slug}`, loaderData.locale)}
            >
              {t('providers.games')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
