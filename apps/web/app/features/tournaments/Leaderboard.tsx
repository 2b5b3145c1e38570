import type { LeaderboardRow } from '@chrysos/contract';
import { useTranslation } from '../../lib/i18n';
import { showPoints, useMoney } from './money';

/** The board: place, masked player, points (and prizes once paid); the player's own row marked, and below the top when they are not in it. */
export function Leaderboard({ rows, own }: { rows: LeaderboardRow[]; own: LeaderboardRow | null }) {
  const { t, locale } = useTranslation();
  const money = useMoney(locale);
  const withPrizes = rows.some((row) => row.prize !== null);
  if (rows.length === 0) return <p className="tournament-board__empty">{t('tournaments.emptyBoard')}</p>;
  const line = (row: LeaderboardRow) => (
    <tr
      key={`${row.place}-${row.player}`}
      className={row.me ? 'tournament-board__me' : undefined}
      data-me={row.me || undefined}
    >
      <td>{row.place}</td>
      <td>{row.me ? `${row.player} (${t('tournaments.you')})` : row.player}</td>
      <td>{showPoints(row.points, locale)}</td>
      {withPrizes ? <td>{row.prize ? money(row.prize.amount_cents, row.prize.currency) : ''}</td> : null}
    </tr>
  );
  return (
    <table className="tournament-board">
      <thead>
        <tr>
          <th scope="col">{t('tournaments.place')}</th>
          <th scope="col">{t('tournaments.player')}</th>
          <th scope="col">{t('tournaments.points')}</th>
          {withPrizes ? <th scope="col">{t('tournaments.prize')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map(line)}
        {own ? (
          <>
            <tr className="tournament-board__gap">
              <td colSpan={withPrizes ? 4 : 3}>…</td>
            </tr>
            {line(own)}
          </>
        ) : null}
      </tbody>
    </table>
  );
}
