import type { Tournament, TournamentStatus } from '@chrysos/contract';
import '../../styles/tournaments.css';
import { localizePath } from '@chrysos/rules';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { fetchTournaments } from './api';
import { showPoints } from './money';

/**
 * In game, real money: a small badge when the game counts for an active tournament, with the player's
 * live place (their status pushed on tournaments_statuses), or a link to join.
 */
export function TournamentBadge({ urlId, initial = null }: { urlId: string; initial?: Tournament | null }) {
  const { t, locale } = useTranslation();
  // What the page's loader read, so the badge is in the server's HTML and moves nothing.
  const [tournament, setTournament] = useState<Tournament | null>(initial);
  const [status, setStatus] = useState<TournamentStatus | null>(initial?.status ?? null);

  const load = useCallback(async () => {
    const list = await fetchTournaments();
    const found =
      list?.find((entry) => entry.state === 'active' && entry.games.some((game) => game.url_id === urlId)) ??
      null;
    setTournament(found);
    setStatus(found?.status ?? null);
  }, [urlId]);

  useEffect(() => {
    void load();
  }, [load]);

  useRealtimeChannel('tournaments_statuses', {
    onData: (pushed: TournamentStatus) => {
      if (pushed.tournament_id === tournament?.id) setStatus(pushed);
    },
    onLive: (live, stale) => {
      if (live && stale) void load();
    },
  });

  if (!tournament) return null;
  const href = localizePath(`/tournaments/active/${tournament.frontend_identifier}`, locale);
  const text = !status?.confirmed
    ? t('tournaments.badgeJoin', { title: tournament.title })
    : status.place === null
      ? t('tournaments.badgeNoPlace', { title: tournament.title })
      : t('tournaments.badge', {
          title: tournament.title,
          place: status.place,
          points: showPoints(status.points, locale),
        });
  return (
    <Link className="tournament-badge" to={href} data-place={status?.place ?? undefined}>
      <span aria-hidden="true">🏆</span> {text}
    </Link>
  );
}
