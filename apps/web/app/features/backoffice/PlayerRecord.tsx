import type { BalanceAdjustment, BonusHoldings, CompPoints, Exclusion } from '@chrysos/contract';
import { money, when } from './format';

/**
 * Player 360's record sections, each what the operator's role may read (null: the API refused it, and
 * the section is not shown): bonuses with wagering progress, free spins, lootboxes, loyalty, exclusions and the
 * balance adjustments booked or waiting.
 */
export interface PlayerRecordData {
  holdings: BonusHoldings | null;
  points: CompPoints | null;
  exclusions: Exclusion[] | null;
  adjustments: BalanceAdjustment[] | null;
}

const percent = (done: number, required: number) =>
  required === 0 ? '—' : `${Math.min(100, Math.floor((done / required) * 100))} %`;

export function PlayerRecord({ holdings, points, exclusions, adjustments }: PlayerRecordData) {
  return (
    <>
      {holdings ? (
        <section aria-labelledby="player-bonuses">
          <h2 id="player-bonuses">Bonuses, free spins and lootboxes</h2>
          {holdings.bonuses.length === 0 &&
          holdings.freespins.length === 0 &&
          holdings.lootboxes.length === 0 ? (
            <p>No bonus, free spins or lootbox.</p>
          ) : (
            <table className="backoffice-table">
              <thead>
                <tr>
                  <th scope="col">Bonus</th>
                  <th scope="col">Stage</th>
                  <th scope="col">Balance</th>
                  <th scope="col">Wagering</th>
                  <th scope="col">Expires</th>
                </tr>
              </thead>
              <tbody>
                {holdings.bonuses.map((bonus) => (
                  <tr key={bonus.id}>
                    <td>{bonus.title}</td>
                    <td>{bonus.stage}</td>
                    <td>{money(bonus.balance_cents, bonus.currency)}</td>
                    <td>
                      {money(bonus.wagering_done_cents, bonus.currency)} of{' '}
                      {money(bonus.wagering_required_cents, bonus.currency)} (
                      {percent(bonus.wagering_done_cents, bonus.wagering_required_cents)})
                    </td>
                    <td>{bonus.expires_at ? when(bonus.expires_at) : '—'}</td>
                  </tr>
                ))}
                {holdings.freespins.map((spins) => (
                  <tr key={spins.id}>
                    <td>
                      {spins.title} ({spins.game.title})
                    </td>
                    <td>{spins.stage}</td>
                    <td>
                      {spins.played} of {spins.count} spins played, won{' '}
                      {money(spins.win_cents, spins.currency)}
                    </td>
                    <td>—</td>
                    <td>{when(spins.expires_at)}</td>
                  </tr>
                ))}
                {holdings.lootboxes.map((box) => (
                  <tr key={box.id}>
                    <td>{box.title} (lootbox)</td>
                    <td>{box.stage}</td>
                    <td>{box.prize ? `Won: ${box.prize.title}` : `${box.prizes.length} prizes to draw`}</td>
                    <td>—</td>
                    <td>—</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
      {points ? (
        <section aria-labelledby="player-loyalty">
          <h2 id="player-loyalty">Loyalty</h2>
          <dl className="backoffice-facts">
            <dt>Level</dt>
            <dd>{points.level.name}</dd>
            <dt>Comp points to spend</dt>
            <dd>{points.points.toFixed(2)}</dd>
            <dt>Collected in 12 months</dt>
            <dd>{points.collected.toFixed(2)}</dd>
          </dl>
        </section>
      ) : null}
      {exclusions ? (
        <section aria-labelledby="player-exclusions">
          <h2 id="player-exclusions">Breaks and self-exclusions</h2>
          {exclusions.length === 0 ? (
            <p>None, now or before.</p>
          ) : (
            <table className="backoffice-table">
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">Period</th>
                  <th scope="col">Set by</th>
                  <th scope="col">State</th>
                  <th scope="col">From</th>
                  <th scope="col">Until</th>
                </tr>
              </thead>
              <tbody>
                {exclusions.map((exclusion) => (
                  <tr key={exclusion.id}>
                    <td>{exclusion.kind}</td>
                    <td>{exclusion.period}</td>
                    <td>{exclusion.source}</td>
                    <td>{exclusion.state}</td>
                    <td>{when(exclusion.starts_at)}</td>
                    <td>{exclusion.ends_at ? when(exclusion.ends_at) : 'Permanent'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
      {adjustments ? (
        <section aria-labelledby="player-adjustments">
          <h2 id="player-adjustments">Balance adjustments</h2>
          {adjustments.length === 0 ? (
            <p>None.</p>
          ) : (
            <table className="backoffice-table">
              <thead>
                <tr>
                  <th scope="col">Asked</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Status</th>
                  <th scope="col">Asked by</th>
                  <th scope="col">Decided by</th>
                </tr>
              </thead>
              <tbody>
                {adjustments.map((adjustment) => (
                  <tr key={adjustment.id}>
                    <td>{when(adjustment.requested_at)}</td>
                    <td>
                      {adjustment.amount_cents > 0 ? '+' : '−'}
                      {money(Math.abs(adjustment.amount_cents), adjustment.currency)}
                    </td>
                    <td>{adjustment.reason}</td>
                    <td>{adjustment.status}</td>
                    <td>{adjustment.requested_by}</td>
                    <td>{adjustment.decided_by ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </>
  );
}
