import { endpoints } from '@chrysos/contract/client';
import { useEffect, useState } from 'react';
import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { ActionResult, DecisionForms } from '../../features/backoffice/Decision';
import { age, money, when } from '../../features/backoffice/format';
import { refuseUnlessAllowed } from '../../features/backoffice/operator.server';
import { refusalText } from '../../features/backoffice/refusal';
import { useOperator } from '../../features/backoffice/use-operator';
import { changeWithdrawalHold } from '../../features/backoffice/withdrawal-hold.server';
import { formOf, textField } from '../../lib/form-action.server';
import type { Route } from './+types/withdrawals';

/**
 * Withdrawals awaiting a decision, oldest first, with the time the server read them, and the players'
 * unresolved payment cases (a big win to review) where the role may read cases.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [answer, cases] = await Promise.all([
    app.api(endpoints.cashierOperator.pendingWithdrawals, {}),
    app.api(endpoints.riskCaseOperator.list, { query: { status: 'unresolved', category: 'payments' } }),
  ]);
  refuseUnlessAllowed(answer);
  const reviews = cases.ok ? cases.body.map((found) => ({ id: found.id, player_id: found.player_id })) : [];
  return answer.ok
    ? { withdrawals: answer.body, reviews, readAt: Date.now(), error: null }
    : { withdrawals: [], reviews, readAt: Date.now(), error: refusalText(answer) };
}

/** Approve (a first approval above the four-eyes amount waits for a second operator) or reject. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await formOf(request);
  const id = textField(form, 'id');
  const app = context.get(appContext);
  const intent = textField(form, 'intent');
  if (intent === 'approve') {
    const answer = await app.api(endpoints.cashierOperator.approveWithdrawal, { params: { id } });
    if (!answer.ok) return data({ id, done: null, error: refusalText(answer) }, answer.status);
    return {
      id,
      done:
        answer.status === 202
          ? 'First approval recorded. Another operator must approve this withdrawal before it is paid.'
          : 'Approved: the withdrawal is on its way to the player.',
      error: null,
    };
  }
  if (intent === 'reject') {
    const answer = await app.api(endpoints.cashierOperator.rejectWithdrawal, {
      params: { id },
      body: { reason: textField(form, 'reason') },
    });
    if (!answer.ok) return data({ id, done: null, error: refusalText(answer) }, answer.status);
    return { id, done: "Rejected: the money is back in the player's balance.", error: null };
  }
  if (intent === 'hold' || intent === 'lift') {
    const { status, done, error } = await changeWithdrawalHold(
      app,
      intent,
      textField(form, 'player'),
      textField(form, 'reason'),
    );
    return error ? data({ id, done, error }, status) : { id, done, error };
  }
  return data({ id, done: null, error: 'This action is not known.' }, 422);
}

export default function BackofficeWithdrawals({ loaderData }: Route.ComponentProps) {
  const { withdrawals, reviews, readAt, error } = loaderData;
  const { operator, can } = useOperator();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  // Ages count from the server's read until the page is live, then from the operator's clock.
  const [now, setNow] = useState(readAt);
  useEffect(() => setNow(Date.now()), []);
  const mayDecide = can('approve', 'Withdrawal');
  const mayHold = can('create', 'WithdrawalHold');
  const mayLift = can('delete', 'WithdrawalHold');
  return (
    <section aria-labelledby="withdrawals-title">
      <h1 id="withdrawals-title">Withdrawals awaiting a decision</h1>
      <ActionResult result={result} />
      {error ? (
        <p role="alert" className="backoffice__error">
          {error}
        </p>
      ) : withdrawals.length === 0 ? (
        <p>No withdrawal is waiting.</p>
      ) : (
        <table className="backoffice-table">
          <thead>
            <tr>
              <th scope="col">Requested</th>
              <th scope="col">Waiting</th>
              <th scope="col">Player</th>
              <th scope="col">Amount</th>
              <th scope="col">Method</th>
              <th scope="col">Approvals</th>
              <th scope="col">Checks</th>
              {mayDecide ? <th scope="col">Decision</th> : null}
            </tr>
          </thead>
          <tbody>
            {withdrawals.map((withdrawal) => {
              const mine = withdrawal.first_approved_by === `operator:${operator.id}`;
              const review = reviews.find((found) => found.player_id === withdrawal.player_id);
              return (
                <tr
                  key={withdrawal.id}
                  aria-label={`Withdrawal ${money(withdrawal.amount_cents, withdrawal.currency)}`}
                >
                  <td>{when(withdrawal.created_at)}</td>
                  <td>{age(withdrawal.created_at, now)}</td>
                  <td>
                    <Link to={`/backoffice/players/${withdrawal.player_id}`}>
                      {withdrawal.player_id.slice(0, 8)}
                    </Link>
                  </td>
                  <td>{money(withdrawal.amount_cents, withdrawal.currency)}</td>
                  <td>{withdrawal.method}</td>
                  <td>
                    {withdrawal.first_approved_by
                      ? mine
                        ? 'First approval yours: needs another operator'
                        : 'First approval given: needs a second'
                      : 'None yet'}
                  </td>
                  <td>
                    {withdrawal.hold_reason ? <p>On hold: {withdrawal.hold_reason}</p> : null}
                    {review ? (
                      <p>
                        <Link to={`/backoffice/cases/${review.id}`}>Big win to review</Link>
                      </p>
                    ) : null}
                    {(withdrawal.hold_reason ? mayLift : mayHold) ? (
                      <Form method="post" className="backoffice-reject">
                        <input type="hidden" name="id" value={withdrawal.id} />
                        <input type="hidden" name="player" value={withdrawal.player_id} />
                        <label className="field">
                          <span>{withdrawal.hold_reason ? 'Reason to lift the hold' : 'Reason to hold'}</span>
                          <input name="reason" required minLength={3} maxLength={300} />
                        </label>
                        <button
                          type="submit"
                          name="intent"
                          value={withdrawal.hold_reason ? 'lift' : 'hold'}
                          className="button"
                          disabled={busy}
                        >
                          {withdrawal.hold_reason ? 'Lift the hold' : "Hold the player's withdrawals"}
                        </button>
                      </Form>
                    ) : null}
                  </td>
                  {mayDecide ? (
                    <td className="backoffice-decision">
                      <DecisionForms
                        id={withdrawal.id}
                        busy={busy}
                        approveDisabled={mine || withdrawal.hold_reason !== null}
                      />
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
