import type { PlayerLimit } from '@chrysos/contract';
import { money, when } from './format';

const kindNames: Record<PlayerLimit['kind'], string> = {
  deposit: 'Deposit',
  loss: 'Loss',
  wager: 'Wager',
  session: 'Session time',
};

/** A limit's amount as the operator reads it: money in its currency, or minutes of a session. */
const amountOf = (limit: PlayerLimit, value: number) =>
  limit.kind === 'session' ? `${value} min` : money(value, limit.currency ?? 'EUR');

/**
 * Player 360's safer-gambling settings: the limits the player set (what is used in the current window,
 * a raise or removal waiting out its 24 hours) and the reality check's interval that applies to them.
 */
export function PlayerLimits({
  limits,
}: {
  limits: { limits: PlayerLimit[]; reality_check_minutes: number | null } | null;
}) {
  if (!limits) return null;
  return (
    <section aria-labelledby="player-limits">
      <h2 id="player-limits">Limits and reality check</h2>
      <p>
        {limits.reality_check_minutes
          ? `A reality check every ${limits.reality_check_minutes} minutes of play.`
          : 'No reality check under this licence.'}
      </p>
      {limits.limits.length === 0 ? (
        <p>The player has set no limit.</p>
      ) : (
        <table className="backoffice-table">
          <thead>
            <tr>
              <th scope="col">Limit</th>
              <th scope="col">Amount</th>
              <th scope="col">Used this period</th>
              <th scope="col">Waiting to apply</th>
            </tr>
          </thead>
          <tbody>
            {limits.limits.map((limit) => (
              <tr key={`${limit.kind}:${limit.period}:${limit.currency ?? ''}`}>
                <td>
                  {kindNames[limit.kind]} per {limit.period}
                </td>
                <td>{amountOf(limit, limit.amount)}</td>
                <td>{limit.kind === 'session' ? '—' : amountOf(limit, limit.used)}</td>
                <td>
                  {limit.pending_removal
                    ? `Removal from ${limit.effective_at ? when(limit.effective_at) : 'soon'}`
                    : limit.pending_amount !== null
                      ? `${amountOf(limit, limit.pending_amount)} from ${limit.effective_at ? when(limit.effective_at) : 'soon'}`
                      : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
