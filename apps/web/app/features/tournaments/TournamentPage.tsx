import type { Tournament, TournamentDetail, TournamentStatus } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useFetcher, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Picture } from '../../ui/Picture';
import { isLoggedIn, usePlayerSession } from '../player/player-session';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { refusalText } from './api';
import { Countdown } from './Countdown';
import type { JoinResult } from './join-action.server';
import { Leaderboard } from './Leaderboard';
import { showPoints, useMoney } from './money';

/** A visitor has no realtime connection: their open board is read again this often while it runs. */
const visitorPollMs = 5_000;

/**
 * Spec §2 /tournaments/{state}/{frontendIdentifier}: artwork, countdown, prize pool and table, rules,
 * the games (each opens for real money), the join button when the tournament asks for it, and the live
 * board: the top 50 and the player's own row. The route's loader reads it; a push revalidates the route
 * (the player's status on tournaments_statuses, the top of the board on public:tournaments_leaderboards),
 * and only a visitor, who has no realtime connection, has it read again every few seconds.
 */
export function TournamentPage({
  initial,
  posted,
}: {
  initial: TournamentDetail;
  /** The action's answer to a join posted without JavaScript, which the page was rendered with. */
  posted?: JoinResult | undefined;
}) {
  const { t, locale } = useTranslation();
  const money = useMoney(locale);
  const signedIn = isLoggedIn(usePlayerSession());
  // The route's loader data: revalidating the route brings the board anew.
  const detail = initial;
  // Joining posts to the route's action; its loader reads the board and the player's status after it.
  const fetcher = useFetcher<JoinResult>();
  const joining = fetcher.state !== 'idle';
  const answer = fetcher.data ?? posted;
  const problem = answer && !answer.ok ? refusalText(t, answer.refusal) : null;
  const tournament: Tournament = detail.tournament;
  const status = tournament.status;

  // Read again through the route's loader, so the page and its HTML come from one place. A push that
  // comes while a read is under way is not lost: one more read follows it.
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const again = useRef(false);
  const reload = useCallback(async () => {
    if (latest.current.state !== 'idle') {
      again.current = true;
      return;
    }
    await latest.current.revalidate();
  }, []);
  useEffect(() => {
    if (revalidator.state !== 'idle' || !again.current) return;
    again.current = false;
    void revalidator.revalidate();
  }, [revalidator]);

  // A signed-in visitor's first render has no status yet when the page came from a cache: read it once.
  useEffect(() => {
    if (signedIn && !detail.tournament.status) void reload();
  }, [signedIn, detail.tournament.status, reload]);

  useEffect(() => {
    if (signedIn || tournament.state !== 'active') return;
    const timer = setInterval(() => void reload(), visitorPollMs);
    return () => clearInterval(timer);
  }, [signedIn, tournament.state, reload]);

  // Another player's move: the top of the board is published to everyone; read the board again at most
  // once a second however busy the tournament is, the last move always read.
  const lastRead = useRef(0);
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(trailing.current ?? undefined), []);
  useRealtimeChannel('public:tournaments_leaderboards', {
    onData: (pushed) => {
      if (pushed.tournament_id !== initial.tournament.id || trailing.current) return;
      const wait = Math.max(0, lastRead.current + 1_000 - Date.now());
      trailing.current = setTimeout(() => {
        trailing.current = null;
        lastRead.current = Date.now();
        void reload();
      }, wait);
    },
  });

  useRealtimeChannel('tournaments_statuses', {
    onData: (pushed: TournamentStatus) => {
      if (pushed.tournament_id === initial.tournament.id) void reload();
    },
    onLive: (live, stale) => {
      if (live && stale) void reload();
    },
  });

  const running = tournament.state === 'active' || tournament.state === 'upcoming';
  const signIn = `${localizePath('/users/sign_in', locale)}`;
  return (
    <article className="tournament-page" data-tournament={tournament.id} data-state={tournament.state}>
      <Picture
        className="tournament-page__art"
        src={tournament.image}
        alt=""
        width={1200}
        height={400}
        priority
      />
      <header className="tournament-page__head">
        <h1>{tournament.title}</h1>
        <Countdown tournament={tournament} />
        <p className="tournament-page__pool">
          {t('tournaments.prizePool')}: <strong>{tournament.prize_pool}</strong>
        </p>
      </header>

      <section className="tournament-page__join" aria-live="polite">
        {running && !signedIn ? (
          <Link className="button button--primary" to={signIn}>
            {t('tournaments.signInToJoin')}
          </Link>
        ) : null}
        {running && signedIn && status && !status.confirmed && tournament.opt_in ? (
          status.eligible ? (
            <fetcher.Form method="post">
              <button type="submit" className="button button--primary" disabled={joining}>
                {joining ? t('tournaments.joining') : t('tournaments.join')}
              </button>
            </fetcher.Form>
          ) : (
            <p className="notice">{t('tournaments.notEligible')}</p>
          )
        ) : null}
        {running && status?.confirmed ? (
          <p className="tournament-page__joined">
            {tournament.state === 'upcoming' ? t('tournaments.notStarted') : t('tournaments.joined')}
          </p>
        ) : null}
        {status?.confirmed && status.place !== null && running ? (
          <p className="tournament-page__standing" data-place={status.place}>
            {t('tournaments.yourStanding', {
              place: status.place,
              points: showPoints(status.points, locale),
            })}
          </p>
        ) : null}
        {status?.confirmed && status.place === null && tournament.state === 'active' ? (
          <p>{t('tournaments.noPlace')}</p>
        ) : null}
        {status?.prize ? (
          <p className="tournament-page__won">
            {t('tournaments.won', {
              place: status.place ?? 0,
              prize: money(status.prize.amount_cents, status.prize.currency),
            })}
          </p>
        ) : null}
        {problem ? (
          <p className="form-error" role="alert">
            {problem}
          </p>
        ) : null}
      </section>

      <section className="tournament-page__board">
        <h2>
          {tournament.state === 'finished' || tournament.state === 'archived'
            ? t('tournaments.winners')
            : t('tournaments.leaderboard')}
          {tournament.state === 'active' ? (
            <span className="tournament-live">{t('tournaments.live')}</span>
          ) : null}
        </h2>
        {(tournament.state === 'finished' || tournament.state === 'archived') &&
        detail.leaderboard.length === 0 ? (
          <p>{t('tournaments.noWinners')}</p>
        ) : (
          <Leaderboard rows={detail.leaderboard} own={detail.own} />
        )}
      </section>

      <section className="tournament-page__games">
        <h2>{t('tournaments.games')}</h2>
        <ul className="tournament-games">
          {tournament.games.map((game) => (
            <li key={game.url_id}>
              <Link to={`${localizePath(`/game/${game.url_id}`, locale)}${signedIn ? '?mode=real' : ''}`}>
                <Picture src={game.thumbnail} alt="" width={240} height={180} />
                <span>{game.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="tournament-page__terms">
        <section>
          <h2>{t('tournaments.prizes')}</h2>
          <table className="tournament-prizes">
            <thead>
              <tr>
                <th scope="col">{t('tournaments.place')}</th>
                <th scope="col">{t('tournaments.prize')}</th>
              </tr>
            </thead>
            <tbody>
              {tournament.prizes.map((prize) => (
                <tr key={prize.place}>
                  <td>{prize.place}</td>
                  <td>{prize.prize}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section>
          <h2>{t('tournaments.rules')}</h2>
          <ol>
            {tournament.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ol>
        </section>
      </div>
    </article>
  );
}
