import type { OperatorRoundsPage } from '@chrysos/contract';
import { Link } from 'react-router';
import { verifyQuery } from '../cashier/verify-link';
import { money, when } from './format';

const statusLabels = { open: 'Open', settled: 'Settled', rolled_back: 'Rolled back' } as const;

/**
 * Player 360's game rounds, newest first: stake and win of each, and for the in-house studio's
 * provably fair games what verifies the round, with a link that opens it on /provably-fair once the
 * server seed is revealed (the player rotated the seed pair). "Older rounds" pages back. Null: the
 * operator's role may not read them, and the section is not shown.
 */
export function PlayerRounds({
  rounds,
  olderQuery,
}: {
  rounds: OperatorRoundsPage | null;
  olderQuery: string;
}) {
  if (!rounds) return null;
  return (
    <section aria-labelledby="player-rounds">
      <h2 id="player-rounds">Game rounds</h2>
      {rounds.items.length === 0 ? (
        <p>The player has played no round.</p>
      ) : (
        <table className="backoffice-table">
          <thead>
            <tr>
              <th scope="col">Opened</th>
              <th scope="col">Game</th>
              <th scope="col">Stake</th>
              <th scope="col">Win</th>
              <th scope="col">Status</th>
              <th scope="col">Provably fair</th>
            </tr>
          </thead>
          <tbody>
            {rounds.items.map((round) => (
              <tr key={round.round}>
                <td>
                  {when(round.opened_at)}
                  <span className="backoffice__muted"> · {round.round}</span>
                </td>
                <td>{round.game_title ?? round.game_code ?? '—'}</td>
                <td>{money(round.stake_cents, round.currency)}</td>
                <td>{money(round.win_cents, round.currency)}</td>
                <td>
                  {statusLabels[round.status]}
                  {round.closed_at ? ` ${when(round.closed_at)}` : ''}
                </td>
                <td>
                  {round.fairness ? (
                    <>
                      <span className="backoffice__muted">
                        Seed hash {round.fairness.server_seed_hash.slice(0, 16)}… · client seed{' '}
                        {round.fairness.client_seed} · nonce {round.fairness.nonce}
                      </span>{' '}
                      {round.fairness.server_seed ? (
                        <a
                          href={`/provably-fair?${verifyQuery(round.fairness, round.win_cents)}`}
                          target="_blank"
                          rel="noreferrer"
                        >
                          Verify
                        </a>
                      ) : (
                        'Seed not revealed yet'
                      )}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rounds.next_before ? <Link to={`?${olderQuery}`}>Older rounds</Link> : null}
    </section>
  );
}
