import type { Tournament } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Picture } from '../../ui/Picture';
import { Countdown } from './Countdown';
import { showPoints } from './money';

/** A tournament in a list: artwork, countdown, prize pool, games, the player's standing, a link to it. */
export function TournamentCard({ tournament, state }: { tournament: Tournament; state: string }) {
  const { t, locale } = useTranslation();
  const href = localizePath(`/tournaments/${state}/${tournament.frontend_identifier}`, locale);
  const status = tournament.status;
  return (
    <article className="tournament-card" data-tournament={tournament.id}>
      <Link to={href} className="tournament-card__art" tabIndex={-1} aria-hidden="true">
        <Picture src={tournament.image} alt="" width={640} height={320} />
      </Link>
      <div className="tournament-card__body">
        <h2 className="tournament-card__title">
          <Link to={href}>{tournament.title}</Link>
        </h2>
        <Countdown tournament={tournament} />
        <dl className="tournament-card__facts">
          <div>
            <dt>{t('tournaments.prizePool')}</dt>
            <dd className="tournament-card__pool">{tournament.prize_pool}</dd>
          </div>
          <div>
            <dt>{t('tournaments.participants')}</dt>
            <dd>{tournament.participants}</dd>
          </div>
        </dl>
        <p className="tournament-card__games">
          <span className="visually-hidden">{t('tournaments.games')}: </span>
          {tournament.games.map((game) => game.title).join(' · ')}
        </p>
        {status?.confirmed && status.place !== null ? (
          <p className="tournament-card__standing">
            {t('tournaments.yourStanding', {
              place: status.place,
              points: showPoints(status.points, locale),
            })}
          </p>
        ) : null}
        <Link className="button button--primary" to={href}>
          {t('tournaments.open')}
        </Link>
      </div>
    </article>
  );
}
