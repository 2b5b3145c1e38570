import type { PlayerSessionSummary } from '@chrysos/contract';
import { when } from './format';

const deviceLabels = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', unknown: 'Unknown device' };

/**
 * Player 360's sign-in sessions, newest first (the last 50): when each started, was last seen and
 * ended, from which address and on what browser, system and device. Null: the operator's role may not read them.
 */
export function PlayerSessions({ sessions }: { sessions: PlayerSessionSummary[] | null }) {
  if (!sessions) return null;
  return (
    <section aria-labelledby="player-sessions">
      <h2 id="player-sessions">Sessions and devices</h2>
      {sessions.length === 0 ? (
        <p>The player has never signed in.</p>
      ) : (
        <table className="backoffice-table">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Last seen</th>
              <th scope="col">Ended</th>
              <th scope="col">Address</th>
              <th scope="col">Device</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={`${session.started_at} ${session.ip}`}>
                <td>{when(session.started_at)}</td>
                <td>{when(session.last_seen_at)}</td>
                <td>
                  {session.current
                    ? 'Current'
                    : session.ended_at
                      ? `${when(session.ended_at)}${session.ended_by_limit_minutes ? ` (session limit of ${session.ended_by_limit_minutes} min)` : ''}`
                      : `Expired ${when(session.expires_at)}`}
                </td>
                <td>{session.ip}</td>
                <td title={session.user_agent ?? undefined}>
                  {[session.browser, session.os, deviceLabels[session.device]].filter(Boolean).join(' · ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
