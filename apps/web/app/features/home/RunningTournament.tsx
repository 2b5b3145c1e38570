import '../../styles/tournaments.css';
import type { Tournament } from '@chrysos/contract';
import { useTranslation } from '../../lib/i18n';
import { TournamentCard } from '../tournaments/TournamentCard';

/** The signed-in home's running tournament: the one the player is in, else the one ending first. */
export function RunningTournament({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  return (
    <section className="section player-home__tournament" aria-labelledby="player-home-tournament">
      <h2 id="player-home-tournament">{t('playerHome.tournament')}</h2>
      <TournamentCard tournament={tournament} state="active" />
    </section>
  );
}
