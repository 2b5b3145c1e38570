import type { Tournament, TournamentDetail } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';
import type { ListedState } from './states';

/** The tournaments of one state, read in-process as this visitor (decision 9); null when the API failed. */
export async function loadTournaments(app: AppContext, state: ListedState): Promise<Tournament[] | null> {
  const answer =
    state === 'finished'
      ? await app.api(endpoints.tournaments.recent, {}).catch(() => null)
      : await app.api(endpoints.tournaments.list, {}).catch(() => null);
  if (!answer?.ok) return null;
  return answer.body.filter((tournament) => tournament.state === state);
}

/** One tournament with its board; null when there is no such tournament. */
export async function loadTournament(app: AppContext, id: string): Promise<TournamentDetail | null> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id) || id.length > 100) return null;
  const answer = await app.api(endpoints.tournaments.detail, { params: { id } }).catch(() => null);
  return answer?.ok ? answer.body : null;
}
