import { endpoints } from '@chrysos/contract/client';
import { Form, Link } from 'react-router';
import { appContext } from '#app-context';
import { when } from '../../features/backoffice/format';
import { refuseUnlessAllowed } from '../../features/backoffice/operator.server';
import { refusalText } from '../../features/backoffice/refusal';
import { pageUrl } from '../../lib/request-url';
import type { Route } from './+types/audit';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The audit trail, newest first, by player, actor or action; its hash chain recomputed when asked
 * (a whole-trail read, so not on every visit).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = pageUrl(request);
  const asked = {
    player: url.searchParams.get('player')?.trim() ?? '',
    actor: url.searchParams.get('actor')?.trim() ?? '',
    action: url.searchParams.get('action')?.trim() ?? '',
  };
  const [rows, verification] = await Promise.all([
    app.api(endpoints.auditOperator.rows, {
      query: {
        ...(uuid.test(asked.player) ? { player_id: asked.player } : {}),
        ...(asked.actor ? { actor: asked.actor } : {}),
        ...(asked.action ? { action: asked.action } : {}),
        limit: 100,
      },
    }),
    url.searchParams.get('verify') === '1' ? app.api(endpoints.auditOperator.verify, {}) : null,
  ]);
  refuseUnlessAllowed(rows);
  return {
    asked,
    rows: rows.ok ? rows.body : [],
    error: rows.ok ? null : refusalText(rows),
    verification: verification?.ok ? verification.body : null,
  };
}

export default function BackofficeAudit({ loaderData }: Route.ComponentProps) {
  const { asked, rows, error, verification } = loaderData;
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <Form method="get" className="backoffice-search">
        <input type="hidden" name="verify" value="1" />
        <button type="submit" className="button">
          Verify the hash chain
        </button>
      </Form>
      {verification ? (
        verification.ok ? (
          <p role="status" className="backoffice__ok">
            The chain is intact: {verification.rows} rows, last hash {verification.last_hash.slice(0, 16)}…
          </p>
        ) : (
          <p role="alert" className="backoffice__error">
            The chain breaks at row {verification.broken_at.id} ({verification.broken_at.reason}): expected{' '}
            {verification.broken_at.expected.slice(0, 16)}…, found {verification.broken_at.found.slice(0, 16)}
            ….
          </p>
        )
      ) : null}
      <Form method="get" className="backoffice-search" role="search">
        <label className="field">
          <span>Player id</span>
          <input name="player" defaultValue={asked.player} />
        </label>
        <label className="field">
          <span>Actor</span>
          <input name="actor" defaultValue={asked.actor} placeholder="operator:…" />
        </label>
        <label className="field">
          <span>Action</span>
          <input name="action" defaultValue={asked.action} placeholder="withdrawal." />
        </label>
        <button type="submit" className="button button--primary">
          Filter
        </button>
      </Form>
      {error ? (
        <p role="alert" className="backoffice__error">
          {error}
        </p>
      ) : rows.length === 0 ? (
        <p>No row matches.</p>
      ) : (
        <table className="backoffice-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">When</th>
              <th scope="col">Actor</th>
              <th scope="col">Action</th>
              <th scope="col">Player</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.id}</td>
                <td>{when(row.at)}</td>
                <td>{row.actor}</td>
                <td>{row.action}</td>
                <td>
                  {row.player_id ? (
                    <Link to={`/backoffice/players/${row.player_id}`}>{row.player_id.slice(0, 8)}</Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <code>{JSON.stringify(row.details)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
