import type { Intervention, RiskCase } from '@chrysos/contract';
import { Link } from 'react-router';
import { caseKindLabels, caseOutcomeLabels, caseSummary, interventionLabels } from './case-facts';
import { when } from './format';

/**
 * Player 360's risk part: the player's cases (unresolved first, then resolved) and what operators did
 * about the player. Null: the operator's role may not read it, and the section is not shown.
 */
export function PlayerCases({
  cases,
  interventions,
}: {
  cases: RiskCase[] | null;
  interventions: Intervention[] | null;
}) {
  return (
    <>
      {cases ? (
        <section aria-labelledby="player-cases">
          <h2 id="player-cases">Cases</h2>
          {cases.length === 0 ? (
            <p>The watch has raised no case for this player.</p>
          ) : (
            <table className="backoffice-table">
              <thead>
                <tr>
                  <th scope="col">Case</th>
                  <th scope="col">What the watch saw</th>
                  <th scope="col">Status</th>
                  <th scope="col">Opened</th>
                </tr>
              </thead>
              <tbody>
                {cases.map((found) => (
                  <tr key={found.id}>
                    <td>
                      <Link to={`/backoffice/cases/${found.id}`}>{caseKindLabels[found.kind]}</Link>
                    </td>
                    <td>{caseSummary(found)}</td>
                    <td>
                      {found.outcome
                        ? caseOutcomeLabels[found.outcome]
                        : found.status === 'open'
                          ? 'Open'
                          : `Investigating (${found.owner_name ?? 'unassigned'})`}
                    </td>
                    <td>{when(found.opened_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
      {interventions ? (
        <section aria-labelledby="player-interventions">
          <h2 id="player-interventions">Interventions</h2>
          {interventions.length === 0 ? (
            <p>No intervention recorded.</p>
          ) : (
            <ul className="backoffice-notes">
              {interventions.map((done) => (
                <li key={done.id}>
                  <p>
                    <strong>{interventionLabels[done.kind]}</strong>: {done.note}
                  </p>
                  <p className="backoffice__muted">
                    {done.recorded_by_name ?? done.recorded_by} · {when(done.recorded_at)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
