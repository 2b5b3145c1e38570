import { endpoints } from '@chrysos/contract/client';
import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import {
  caseCategoryLabels,
  caseKindLabels,
  caseOutcomeLabels,
  caseStatusLabels,
  caseSummary,
  interventionLabels,
} from '../../features/backoffice/case-facts';
import { ActionResult } from '../../features/backoffice/Decision';
import { when } from '../../features/backoffice/format';
import { refusalText } from '../../features/backoffice/refusal';
import { useOperator } from '../../features/backoffice/use-operator';
import { formOf, textField } from '../../lib/form-action.server';
import type { Route } from './+types/case';

/** One case: what raised it, who owns it, what was done, and the steps left to take on it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const answer = await context
    .get(appContext)
    .api(endpoints.riskCaseOperator.show, { params: { id: params.id } });
  if (!answer.ok) {
    const message =
      answer.status === 404 || answer.status === 422 ? 'No case has this id.' : refusalText(answer);
    throw data({ message }, answer.status === 422 ? 404 : answer.status);
  }
  return { found: answer.body };
}

const outcomes = Object.keys(caseOutcomeLabels) as (keyof typeof caseOutcomeLabels)[];
const interventions = Object.keys(interventionLabels) as (keyof typeof interventionLabels)[];
const isOutcome = (value: string): value is (typeof outcomes)[number] => outcomes.includes(value as never);
const isIntervention = (value: string): value is (typeof interventions)[number] =>
  interventions.includes(value as never);

/** Take the case, record an intervention on it, or resolve it: each audited under the operator. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await formOf(request);
  const app = context.get(appContext);
  const intent = textField(form, 'intent');
  const note = textField(form, 'note');
  const refused = (answer: Parameters<typeof refusalText>[0] & { status: number }) =>
    data({ done: null, error: refusalText(answer) }, answer.status);
  if (intent === 'take') {
    const me = await app.api(endpoints.operator.me, {});
    if (!me.ok) return refused(me);
    const answer = await app.api(endpoints.riskCaseOperator.assign, {
      params: { id: params.id },
      body: { owner_id: me.body.id },
    });
    return answer.ok ? { done: 'The case is yours: you investigate it.', error: null } : refused(answer);
  }
  if (intent === 'intervene') {
    const player = textField(form, 'player');
    const kind = textField(form, 'kind');
    if (!isIntervention(kind)) return data({ done: null, error: 'Choose what was done.' }, 422);
    const answer = await app.api(endpoints.riskCaseOperator.intervene, {
      params: { id: player },
      body: { kind, note, case_id: params.id },
    });
    return answer.ok
      ? { done: 'The intervention is on the case and the player’s record.', error: null }
      : refused(answer);
  }
  if (intent === 'resolve') {
    const outcome = textField(form, 'outcome');
    if (!isOutcome(outcome)) return data({ done: null, error: 'Choose the outcome.' }, 422);
    const answer = await app.api(endpoints.riskCaseOperator.resolve, {
      params: { id: params.id },
      body: { outcome, note },
    });
    return answer.ok ? { done: 'The case is resolved.', error: null } : refused(answer);
  }
  return data({ done: null, error: 'This action is not known.' }, 422);
}

export default function BackofficeCase({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData;
  const { operator, can } = useOperator();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const open = found.status !== 'resolved';
  const mine = found.owner_id === operator.id;
  return (
    <article aria-labelledby="case-title" className="backoffice-player">
      <h1 id="case-title">{caseKindLabels[found.kind]}</h1>
      <p className="backoffice__muted">
        {caseCategoryLabels[found.category]} ·{' '}
        <Link to={`/backoffice/players/${found.player_id}`}>{found.player_email}</Link>
      </p>
      <ActionResult result={result} />
      <section aria-labelledby="case-facts">
        <h2 id="case-facts">The case</h2>
        <p>{caseSummary(found)}</p>
        <dl className="backoffice-facts">
          <dt>Status</dt>
          <dd>{caseStatusLabels[found.status]}</dd>
          <dt>Owner</dt>
          <dd>{found.owner_name ?? 'Nobody yet'}</dd>
          <dt>Opened</dt>
          <dd>{when(found.opened_at)}</dd>
          <dt>Due</dt>
          <dd>{when(found.due_at)}</dd>
          {found.outcome ? (
            <>
              <dt>Outcome</dt>
              <dd>
                {caseOutcomeLabels[found.outcome]}
                {found.resolved_at ? `, ${when(found.resolved_at)}` : ''}: {found.resolution_note}
              </dd>
            </>
          ) : null}
        </dl>
        {open && can('update', 'RiskCase') && !mine ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="take"
              className="button button--primary"
              disabled={busy}
            >
              Take this case
            </button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="case-interventions">
        <h2 id="case-interventions">Interventions</h2>
        {found.interventions.length === 0 ? (
          <p>Nothing recorded on this case yet.</p>
        ) : (
          <ol className="backoffice-notes">
            {found.interventions.map((done) => (
              <li key={done.id}>
                <strong>{interventionLabels[done.kind]}</strong>: {done.note}
                <br />
                <span className="backoffice__muted">
                  {done.recorded_by_name ?? done.recorded_by} · {when(done.recorded_at)}
                </span>
              </li>
            ))}
          </ol>
        )}
        {open && can('create', 'Intervention') ? (
          <Form method="post" className="backoffice-form">
            <input type="hidden" name="player" value={found.player_id} />
            <label className="field">
              <span>What was done</span>
              <select name="kind" required defaultValue="">
                <option value="" disabled>
                  Choose…
                </option>
                {interventions.map((kind) => (
                  <option key={kind} value={kind}>
                    {interventionLabels[kind]}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>Note</span>
              <textarea name="note" required minLength={3} maxLength={1000} rows={3} />
            </label>
            <button type="submit" name="intent" value="intervene" className="button" disabled={busy}>
              Record the intervention
            </button>
          </Form>
        ) : null}
      </section>

      {open && can('update', 'RiskCase') ? (
        <section aria-labelledby="case-resolve">
          <h2 id="case-resolve">Resolve</h2>
          <Form method="post" className="backoffice-form">
            <label className="field">
              <span>Outcome</span>
              <select name="outcome" required defaultValue="">
                <option value="" disabled>
                  Choose…
                </option>
                {outcomes.map((outcome) => (
                  <option key={outcome} value={outcome}>
                    {caseOutcomeLabels[outcome]}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>Resolution note</span>
              <input name="note" required minLength={3} maxLength={1000} />
            </label>
            <button
              type="submit"
              name="intent"
              value="resolve"
              className="button button--primary"
              disabled={busy}
            >
              Resolve the case
            </button>
          </Form>
        </section>
      ) : null}
    </article>
  );
}
