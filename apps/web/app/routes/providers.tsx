import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { contentFor } from '../features/content/load.server';
import { pageMeta } from '../features/content/meta';
import { countText } from '../features/games/format';
import { loadProviders } from '../features/games/games-api.server';
import { useTranslation } from '../lib/i18n';
import { Icon } from '../ui/icons/icons';
import { Picture } from '../ui/Picture';
import type { Route } from './+types/providers';
import '../styles/games.css';

/**
 * Spec §2 /providers: the studios behind the lobby, each leading to its catalogue with the number of
 * its games the visitor may play (GET /games/providers). A studio the catalogue does not know (yet)
 * gets no link; when the catalogue cannot answer, the links stay and the counts are left out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, content, locale } = contentFor(request, context);
  const catalogue = await loadProviders(app);
  const studios = content.list('providers', locale).map((item) => {
    const known = catalogue?.find((provider) => provider.slug === item.data.slug);
    return {
      ...item.data,
      html: item.bodyHtml ?? '',
      gamesCount: known?.games_count ?? null,
      linked: catalogue === null || known !== undefined,
    };
  });
  return { studios, locale };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'providers', 'Studios');

export default function Providers({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
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
            <div className="providers__games">
              {studio.gamesCount !== null ? (
                <p className="providers__count">
                  <Icon name="slots" size={18} />
                  {countText(t, locale, 'providers.gamesCount', studio.gamesCount)}
                </p>
              ) : null}
              {studio.linked && studio.gamesCount !== 0 ? (
                <Link
                  className="button button--ghost"
                  to={localizePath(`/games/all/${studio.slug}`, loaderData.locale)}
                  aria-label={`${t('providers.games')}: ${studio.name}`}
                >
                  {t('providers.games')}
                  <Icon name="arrow-right" size={16} />
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
