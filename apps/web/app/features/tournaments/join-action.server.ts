import { endpoints } from '@chrysos/contract/client';
import { data } from 'react-router';
import type { AppContext } from '../../lib/app-context';
import { refusedStatus } from '../../lib/form-action.server';
import { loadTournament } from './tournaments.server';

/** The answer of a tournament page's action: joined, or why not (the page says it in its language). */
export type JoinResult =
  | { ok: true }
  | { ok: false; refusal: { ok: false; status: number; body: unknown } | null };

/**
 * Joins the tournament of the page's address (its frontend identifier, never an id the form names) for
 * the session's player, through the in-process API (decision 9): the tournament asks its players to
 * opt in (spec §7 POST /tournaments/:id/confirmation). The page's loader reads the board and the
 * player's status again after it.
 */
export async function joinAction(app: AppContext, frontendIdentifier: string) {
  const detail = await loadTournament(app, frontendIdentifier);
  if (!detail) return data({ ok: false, refusal: null } satisfies JoinResult, { status: 404 });
  const answer = await app
    .api(endpoints.tournaments.confirm, {
      params: { id: detail.tournament.id },
      body: { confirmed: true },
    })
    .catch(() => null);
  if (answer?.ok) return { ok: true } satisfies JoinResult;
  const refusal = answer as { ok: false; status: number; body: unknown } | null;
  return data({ ok: false, refusal } satisfies JoinResult, { status: refusedStatus(refusal) });
}
