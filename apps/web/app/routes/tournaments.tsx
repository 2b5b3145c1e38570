import { localizePath } from '@chrysos/rules';
import { data, NavLink } from 'react-router';
import { contentFor } from '../features/content/load.server';
import { alternateLinks } from '../features/content/meta';
import { isListedState, listedStates } from '../features/tournaments/states';
import { TournamentCard } from '../features/tournaments/TournamentCard';
import { loadTournaments } from '../features/tournaments/tournaments.server';
import { useTranslation } from '../lib/i18n';
import '../styles/tournaments.css';
import type { Route } from './+types/tournaments';

/**
 * Spec §2 /tournaments/{state}: the active, upcoming or finished tournaments as cards, under the texts of
 * content `tournaments`. Any other state is a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { app, content, locale, url, origin } = contentFor(request, context);
  const page = content.first('tournaments', locale);
  if (!isListedState(params.state) || !page) {
    throw data(null, { status: 404, statusText: `Page Not Found: ${url.pathname}` });
  }
  const tournaments = await loadTournaments(app, params.state);
  if (!tournaments) throw data(null, { status: 503 });
  return { state: params.state, tournaments, page: page.data, origin };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? [
        { title: `${loaderData.page.title}: ${loaderData.page.states[loaderData.state]} | Chrysos Casino` },
        { name: 'description', content: loaderData.page.lead },
        ...alternateLinks(loaderData.origin, location.pathname),
      ]
    : [];

export default function Tournaments({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { page, state, tournaments } = loaderData;
  return (
    <section className="tournaments-page" data-state={state}>
      <h1>{page.title}</h1>
      <p className="tournaments-page__lead">{page.lead}</p>
      <nav className="tournaments-tabs" aria-label={t('tournaments.tabs')}>
        {listedStates.map((tab) => (
          <NavLink
            key={tab}
            to={localizePath(`/tournaments/${tab}`, locale)}
            className="tournaments-tabs__tab"
          >
            {page.states[tab]}
          </NavLink>
        ))}
      </nav>
      {tournaments.length === 0 ? (
        <p className="notice">{page.emptyText}</p>
      ) : (
        <div className="tournaments-list">
          {tournaments.map((tournament) => (
            <TournamentCard key={tournament.id} tournament={tournament} state={state} />
          ))}
        </div>
      )}
      <ol className="tournaments-page__how">
        {page.howItWorks.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
