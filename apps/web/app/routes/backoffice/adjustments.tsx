import { endpoints } from '@chrysos/contract/client';
import { useEffect, useState } from 'react';
import { data, Link, useActionData, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { ActionResult, DecisionForms } from '../../features/backoffice/Decision';
import { age, money } from '../../features/backoffice/format';
import { refuseUnlessAllowed } from '../../features/backoffice/operator.server';
import { refusalText } from '../../features/backoffice/refusal';
import { useOperator } from '../../features/backoffice/use-operator';
import { formOf, textField } from '../../lib/form-action.server';
import type { Route } from './+types/adjustments';

/** Balance adjustments above four eyes, waiting for a second operator, oldest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await context
    .get(appContext)
    .api(endpoints.adjustmentOperator.list, { query: { status: 'pending' } });
  refuseUnlessAllowed(answer);
  return { adjustments: answer.ok ? answer.body : [], readAt: Date.now() };
}

/** The second pair of eyes: book the adjustment, or refuse it with a reason. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await formOf(request);
  const id = textField(form, 'id');
  const app = context.get(appContext);
  const intent = textField(form, 'intent');
  const answer =
    intent === 'approve'
      ? await app.api(endpoints.adjustmentOperator.approve, { params: { id } })
      : intent === 'reject'
        ? await app.api(endpoints.adjustmentOperator.reject, {
            params: { id },
            body: { reason: textField(form, 'reason') },
          })
        : null;
  if (!answer) return data({ done: null, error: 'This action is not known.' }, 422);
  if (!answer.ok) return data({ done: null, error: refusalText(answer) }, answer.status);
  return {
    done:
      answer.body.status === 'booked'
        ? "Approved: the adjustment is booked on the player's balance."
        : 'Rejected: no money moved.',
    error: null,
  };
}

export default function BackofficeAdjustments({ loaderData }: Route.ComponentProps) {
  const { adjustments, readAt } = loaderData;
  const { operator, can } = useOperator();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [now, setNow] = useState(readAt);
  useEffect(() => setNow(Date.now()), []);
  const mayDecide = can('approve', 'BalanceAdjustment');
  return (
    <section aria-labelledby="adjustments-title">
      <h1 id="adjustments-title">Balance adjustments awaiting a second operator</h1>
      <ActionResult result={result} />
      {adjustments.length === 0 ? (
        <p>No adjustment is waiting.</p>
      ) : (
        <table className="backoffice-table">
          <thead>
            <tr>
              <th scope="col">Waiting</th>
              <th scope="col">Player</th>
              <th scope="col">Amount</th>
              <th scope="col">Reason</th>
              <th scope="col">Asked by</th>
              {mayDecide ? <th scope="col">Decision</th> : null}
            </tr>
          </thead>
          <tbody>
            {adjustments.map((adjustment) => {
              const mine = adjustment.requested_by === `operator:${operator.id}`;
              const amount = `${adjustment.amount_cents > 0 ? '+' : '−'}${money(Math.abs(adjustment.amount_cents), adjustment.currency)}`;
              return (
                <tr key={adjustment.id} aria-label={`Adjustment ${amount}`}>
                  <td>{age(adjustment.requested_at, now)}</td>
                  <td>
                    <Link to={`/backoffice/players/${adjustment.player_id}`}>
                      {adjustment.player_id.slice(0, 8)}
                    </Link>
                  </td>
                  <td>{amount}</td>
                  <td>{adjustment.reason}</td>
                  <td>{mine ? 'You: needs another operator' : adjustment.requested_by}</td>
                  {mayDecide ? (
                    <td className="backoffice-decision">
                      <DecisionForms id={adjustment.id} busy={busy} approveDisabled={mine} />
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
