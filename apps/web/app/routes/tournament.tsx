import { localizePath } from '@chrysos/rules';
import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { contentFor } from '../features/content/load.server';
import { alternateLinks } from '../features/content/meta';
import { joinAction } from '../features/tournaments/join-action.server';
import { isListedState } from '../features/tournaments/states';
import { TournamentPage } from '../features/tournaments/TournamentPage';
import { loadTournament } from '../features/tournaments/tournaments.server';
import '../styles/tournaments.css';
import type { Route } from './+types/tournament';

/**
 * Spec §2 /tournaments/{state}/{frontendIdentifier}: the tournament's page. An unknown state or
 * identifier is a 404; a known tournament under another state's address goes to its own (an active
 * one that has since finished, say), and an archived one is read under finished.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { app, locale, url, origin } = contentFor(request, context);
  const notFound = () => data(null, { status: 404, statusText: `Page Not Found: ${url.pathname}` });
  if (!isListedState(params.state)) throw notFound();
  const detail = await loadTournament(app, params.frontendIdentifier);
  if (!detail) throw notFound();
  const state = detail.tournament.state === 'archived' ? 'finished' : detail.tournament.state;
  if (state !== params.state) {
    throw redirect(localizePath(`/tournaments/${state}/${detail.tournament.frontend_identifier}`, locale));
  }
  return { detail, origin };
}

/** The signed-in player joins this tournament (by a fetcher, or a plain form without JavaScript). */
export function action({ params, context }: Route.ActionArgs) {
  return joinAction(context.get(appContext), params.frontendIdentifier);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? [
        { title: `${loaderData.detail.tournament.title} | Chrysos Casino` },
        { name: 'description', content: loaderData.detail.tournament.rules[0] ?? '' },
        ...alternateLinks(loaderData.origin, location.pathname),
      ]
    : [];

export default function TournamentRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <TournamentPage initial={loaderData.detail} posted={actionData} />;
}
