import { endpoints } from '@chrysos/contract/client';
import { Form, Link } from 'react-router';
import { appContext } from '#app-context';
import { money, when } from '../../features/backoffice/format';
import { refuseUnlessAllowed } from '../../features/backoffice/operator.server';
import { refusalText } from '../../features/backoffice/refusal';
import { pageUrl } from '../../lib/request-url';
import type { Route } from './+types/payments';

const kinds = ['deposit', 'withdrawal'] as const;
const statuses = ['pending', 'succeeded', 'failed', 'approved', 'paid', 'cancelled', 'rejected'] as const;
const statusLabels: Record<(typeof statuses)[number], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  approved: 'Approved',
  paid: 'Paid',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;
const pageSize = 50;

/** Every deposit and withdrawal, newest first, by kind and status (failed deposits among them). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const asked = {
    kind: oneOf(kinds, url.searchParams.get('kind')),
    status: oneOf(statuses, url.searchParams.get('status')),
    before: url.searchParams.get('before') ?? undefined,
  };
  const answer = await context.get(appContext).api(endpoints.paymentsOperator.list, {
    query: {
      ...(asked.kind ? { kind: asked.kind } : {}),
      ...(asked.status ? { status: asked.status } : {}),
      ...(asked.before && !Number.isNaN(Date.parse(asked.before)) ? { before: asked.before } : {}),
      limit: pageSize,
    },
  });
  refuseUnlessAllowed(answer);
  return {
    asked: { kind: asked.kind ?? '', status: asked.status ?? '' },
    payments: answer.ok ? answer.body : [],
    error: answer.ok ? null : refusalText(answer),
  };
}

export default function BackofficePayments({ loaderData }: Route.ComponentProps) {
  const { asked, payments, error } = loaderData;
  const last = payments.at(-1);
  const older =
    payments.length === pageSize && last
      ? `?${new URLSearchParams({ ...(asked.kind ? { kind: asked.kind } : {}), ...(asked.status ? { status: asked.status } : {}), before: last.created_at })}`
      : null;
  return (
    <section aria-labelledby="payments-title">
      <h1 id="payments-title">Payments</h1>
      <Form method="get" className="backoffice-search">
        <label className="field">
          <span>Kind</span>
          <select name="kind" defaultValue={asked.kind}>
            <option value="">Deposits and withdrawals</option>
            <option value="deposit">Deposits</option>
            <option value="withdrawal">Withdrawals</option>
          </select>
        </label>
        <label className="field">
          <span>Status</span>
          <select name="status" defaultValue={asked.status}>
            <option value="">Any</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      {error ? (
        <p role="alert" className="backoffice__error">
          {error}
        </p>
      ) : payments.length === 0 ? (
        <p>No payment matches.</p>
      ) : (
        <table className="backoffice-table" aria-label="Payments found">
          <thead>
            <tr>
              <th scope="col">Made</th>
              <th scope="col">Player</th>
              <th scope="col">Kind</th>
              <th scope="col">Amount</th>
              <th scope="col">Method</th>
              <th scope="col">Status</th>
              <th scope="col">Why it failed</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.id}>
                <td>{when(payment.created_at)}</td>
                <td>
                  <Link to={`/backoffice/players/${payment.player_id}`}>{payment.player_email}</Link>
                </td>
                <td>{payment.kind === 'deposit' ? 'Deposit' : 'Withdrawal'}</td>
                <td>{money(payment.amount_cents, payment.currency)}</td>
                <td>{payment.method}</td>
                <td>{statusLabels[payment.status]}</td>
                <td>{payment.failure_reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {older ? <Link to={older}>Older payments</Link> : null}
    </section>
  );
}
