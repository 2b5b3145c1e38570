import { endpoints } from '@chrysos/contract/client';
import { data, Form, useActionData, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { AccountStateFacts, AccountStateForm } from '../../features/backoffice/AccountState';
import { ActionResult } from '../../features/backoffice/Decision';
import { money, when } from '../../features/backoffice/format';
import { GroupsAndGrants } from '../../features/backoffice/GroupsAndGrants';
import { PlayerCases } from '../../features/backoffice/PlayerCases';
import { PlayerLedger } from '../../features/backoffice/PlayerLedger';
import { PlayerLimits } from '../../features/backoffice/PlayerLimits';
import { PlayerRecord, type PlayerRecordData } from '../../features/backoffice/PlayerRecord';
import { PlayerRounds } from '../../features/backoffice/PlayerRounds';
import { PlayerSessions } from '../../features/backoffice/PlayerSessions';
import { playerActivity } from '../../features/backoffice/player-activity.server';
import { refusalText } from '../../features/backoffice/refusal';
import { useOperator } from '../../features/backoffice/use-operator';
import { WithdrawalHoldPanel } from '../../features/backoffice/WithdrawalHoldPanel';
import { changeWithdrawalHold } from '../../features/backoffice/withdrawal-hold.server';
import { formOf, textField } from '../../lib/form-action.server';
import type { Route } from './+types/player';

/**
 * Player 360: the player's profile, balances and groups, and each part of their record the operator's
 * role may read (a refused part is left out: the server decides, per part).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const id = { params: { id: params.id } };
  // The ledger, rounds and sessions (their filters and pages are the page's query), read alongside.
  const activity = playerActivity(app, params.id, new URL(request.url).searchParams);
  const cases = (status: 'unresolved' | 'resolved') =>
    app.api(endpoints.riskCaseOperator.list, { query: { status, player_id: params.id, limit: 20 } });
  const [
    answer,
    holdings,
    points,
    exclusions,
    booked,
    pending,
    notes,
    unresolved,
    resolved,
    interventions,
    hold,
    campaigns,
    limits,
  ] = await Promise.all([
    app.api(endpoints.playerOperator.overview, id),
    app.api(endpoints.bonusOperator.playerBonuses, id),
    app.api(endpoints.loyaltyOperator.playerPoints, id),
    app.api(endpoints.exclusionsOperator.list, id),
    app.api(endpoints.adjustmentOperator.list, { query: { status: 'booked', player_id: params.id } }),
    app.api(endpoints.adjustmentOperator.list, { query: { status: 'pending', player_id: params.id } }),
    app.api(endpoints.playerNotes.list, id),
    cases('unresolved'),
    cases('resolved'),
    app.api(endpoints.riskCaseOperator.interventions, id),
    app.api(endpoints.paymentsOperator.hold, id),
    app.api(endpoints.bonusOperator.campaigns, {}),
    app.api(endpoints.limitsOperator.list, id),
  ]);
  if (!answer.ok) {
    const message = answer.status === 404 ? 'No player has this id.' : refusalText(answer);
    throw data({ message }, answer.status === 422 ? 404 : answer.status);
  }
  const record: PlayerRecordData = {
    holdings: holdings.ok ? holdings.body : null,
    points: points.ok ? points.body : null,
    exclusions: exclusions.ok ? exclusions.body : null,
    adjustments: booked.ok && pending.ok ? [...pending.body, ...booked.body].reverse() : null,
  };
  return {
    player: answer.body,
    record,
    notes: notes.ok ? notes.body : null,
    cases: unresolved.ok && resolved.ok ? [...unresolved.body, ...resolved.body] : null,
    interventions: interventions.ok ? interventions.body : null,
    ...(await activity),
    hold: hold.ok ? hold.body : null,
    campaigns: campaigns.ok ? campaigns.body : null,
    limits: limits.ok ? limits.body : null,
  };
}

/** The actions an operator takes on the player, each with the reason the audit trail keeps. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await formOf(request);
  const reason = textField(form, 'reason');
  const app = context.get(appContext);
  if (textField(form, 'intent') === 'note') {
    const answer = await app.api(endpoints.playerNotes.add, {
      params: { id: params.id },
      body: { body: textField(form, 'body') },
    });
    if (!answer.ok) return data({ done: null, error: refusalText(answer) }, answer.status);
    return { done: "The note is on the player's record.", error: null };
  }
  if (textField(form, 'intent') === 'adjust') {
    const amount = centsOf(textField(form, 'amount'));
    if (amount === null) return data({ done: null, error: 'Write the amount as 12.50.' }, 422);
    const direction = textField(form, 'direction') === 'debit' ? -1 : 1;
    const answer = await app.api(endpoints.adjustmentOperator.request, {
      params: { id: params.id },
      body: { currency: textField(form, 'currency'), amount_cents: direction * amount, reason },
    });
    if (!answer.ok) return data({ done: null, error: refusalText(answer) }, answer.status);
    return {
      done:
        answer.status === 202
          ? 'The adjustment waits for a second operator to approve it (Adjustments).'
          : "The adjustment is booked: the player's balance has it.",
      error: null,
    };
  }
  const intent = textField(form, 'intent');
  if (intent === 'suspend' || intent === 'reinstate' || intent === 'close') {
    const answer = await app.api(endpoints.playerAccountOperator[intent], {
      params: { id: params.id },
      body: { reason },
    });
    if (!answer.ok) return data({ done: null, error: refusalText(answer) }, answer.status);
    return { done: accountChanged[intent], error: null };
  }
  if (intent === 'groups') {
    const group = textField(form, 'group');
    const change = textField(form, 'change') === 'remove' ? { remove: [group] } : { add: [group] };
    const answer = await app.api(endpoints.groupsOperator.change, {
      params: { id: params.id },
      body: { ...change, reason },
    });
    if (!answer.ok) return data({ done: null, error: refusalText(answer) }, answer.status);
    return {
      done: `The player's groups are changed: ${'add' in change ? 'added to' : 'taken out of'} ${group}.`,
      error: null,
    };
  }
  if (intent === 'grant') {
    const answer = await app.api(endpoints.bonusOperator.grant, {
      params: { id: params.id },
      body: { campaign: textField(form, 'campaign'), reason },
    });
    if (!answer.ok) return data({ done: null, error: refusalText(answer) }, answer.status);
    return { done: "Granted: it is in the player's bonuses.", error: null };
  }
  if (intent === 'hold' || intent === 'lift') {
    const { status, done, error } = await changeWithdrawalHold(app, intent, params.id, reason);
    return error ? data({ done, error }, status) : { done, error };
  }
  if (textField(form, 'intent') === 'password_reset') {
    const answer = await app.api(endpoints.authOperator.sendPasswordReset, {
      params: { id: params.id },
      body: { reason },
    });
    if (!answer.ok) return data({ done: null, error: refusalText(answer) }, answer.status);
    return {
      done: answer.body.sent
        ? 'The password reset email is on its way to the player.'
        : 'A reset email went to the player less than a minute ago; no second one was sent.',
      error: null,
    };
  }
  return data({ done: null, error: 'This action is not known.' }, 422);
}

/** What the result line says once the account is changed. */
const accountChanged = {
  suspend: 'The account is suspended: the player is signed out and can neither sign in nor move money.',
  reinstate: 'The account is reinstated: the player can sign in again.',
  close: 'The account is closed for good: the player is signed out and can never sign in again.',
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** "12.50" (or "12,50") in minor units; null for anything else, zero included. */
function centsOf(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

export default function BackofficePlayer({ loaderData }: Route.ComponentProps) {
  const { player, record, notes, cases, interventions, hold, campaigns, limits } = loaderData;
  const { can } = useOperator();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const name = [player.first_name, player.last_name].filter(Boolean).join(' ') || player.email;
  return (
    <article aria-labelledby="player-title" className="backoffice-player">
      <h1 id="player-title">{name}</h1>
      <p className="backoffice__muted">
        {player.email} · {player.id}
      </p>
      <section aria-labelledby="player-profile">
        <h2 id="player-profile">Profile</h2>
        <dl className="backoffice-facts">
          <AccountStateFacts account={player.account_state} status={player.status} />
          <dt>Country</dt>
          <dd>{player.country ?? '—'}</dd>
          <dt>Language</dt>
          <dd>{player.language === 'el' ? 'Greek' : 'English'}</dd>
          <dt>Date of birth</dt>
          <dd>{player.date_of_birth ?? '—'}</dd>
          <dt>Phone</dt>
          <dd>{player.phone ?? '—'}</dd>
          <dt>City</dt>
          <dd>{player.city ?? '—'}</dd>
          <dt>Email confirmed</dt>
          <dd>{yesNo(player.confirmed)}</dd>
          <dt>Identity verified</dt>
          <dd>{yesNo(player.verified)}</dd>
          <dt>Registered</dt>
          <dd>{when(player.created_at)}</dd>
          <dt>Groups</dt>
          <dd>{player.groups.length > 0 ? player.groups.join(', ') : 'None'}</dd>
        </dl>
      </section>
      <section aria-labelledby="player-balances">
        <h2 id="player-balances">Balances</h2>
        <table className="backoffice-table">
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col">Total</th>
              <th scope="col">Withdrawable</th>
              <th scope="col">Bonus</th>
            </tr>
          </thead>
          <tbody>
            {player.accounts.map((account) => (
              <tr key={account.currency}>
                <td>
                  {account.currency}
                  {account.active ? ' (active)' : ''}
                </td>
                <td>{money(account.amount_cents, account.currency)}</td>
                <td>{money(account.available_to_cashout_cents, account.currency)}</td>
                <td>{money(account.bonus_cents, account.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <PlayerRecord {...record} />
      <PlayerLimits limits={limits} />
      <PlayerCases cases={cases} interventions={interventions} />
      <PlayerLedger
        ledger={loaderData.ledger}
        filter={loaderData.ledgerFilter}
        currencies={player.accounts.map((account) => account.currency)}
      />
      <PlayerRounds rounds={loaderData.rounds} olderQuery={loaderData.olderRounds} />
      <PlayerSessions sessions={loaderData.sessions} />
      <GroupsAndGrants
        groups={player.groups}
        campaigns={campaigns}
        mayChangeGroups={can('update', 'PlayerGroup')}
        mayGrant={can('grant', 'PlayerBonus')}
        busy={busy}
      />
      {hold ? (
        <WithdrawalHoldPanel
          hold={hold.hold}
          mayPlace={can('create', 'WithdrawalHold')}
          mayLift={can('delete', 'WithdrawalHold')}
          busy={busy}
        />
      ) : null}
      {notes ? (
        <section aria-labelledby="player-notes">
          <h2 id="player-notes">Notes</h2>
          {notes.length === 0 ? <p>No note yet.</p> : null}
          <ul className="backoffice-notes">
            {notes.map((note) => (
              <li key={note.id}>
                <p>{note.body}</p>
                <p className="backoffice__muted">
                  {note.author_name ?? note.author} · {when(note.created_at)}
                </p>
              </li>
            ))}
          </ul>
          {can('create', 'PlayerNote') ? (
            <Form method="post" className="backoffice-form">
              <input type="hidden" name="intent" value="note" />
              <label className="field">
                <span>New note</span>
                <textarea name="body" required minLength={2} maxLength={2000} rows={3} />
              </label>
              <button type="submit" className="button" disabled={busy}>
                Add the note
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}
      {can('create', 'BalanceAdjustment') ? (
        <section aria-labelledby="player-adjust">
          <h2 id="player-adjust">Adjust the balance</h2>
          <Form method="post" className="backoffice-form">
            <input type="hidden" name="intent" value="adjust" />
            <fieldset className="backoffice-choice">
              <legend>Direction</legend>
              <label>
                <input type="radio" name="direction" value="credit" defaultChecked /> Credit the player
              </label>
              <label>
                <input type="radio" name="direction" value="debit" /> Debit the player
              </label>
            </fieldset>
            <label className="field">
              <span>Currency</span>
              <select
                name="currency"
                defaultValue={player.accounts.find((account) => account.active)?.currency}
              >
                {player.accounts.map((account) => (
                  <option key={account.currency} value={account.currency}>
                    {account.currency}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>Amount</span>
              <input name="amount" inputMode="decimal" required pattern="[0-9]+([.,][0-9]{1,2})?" />
            </label>
            <label className="field">
              <span>Reason for the adjustment</span>
              <input name="reason" required minLength={3} maxLength={300} />
            </label>
            <button type="submit" className="button button--primary" disabled={busy}>
              Adjust the balance
            </button>
          </Form>
        </section>
      ) : null}
      <ActionResult result={result} />
      {can('update', 'PlayerAccount') ? (
        <section aria-labelledby="player-actions">
          <h2 id="player-actions">Actions</h2>
          <Form method="post" className="backoffice-form">
            <input type="hidden" name="intent" value="password_reset" />
            <label className="field">
              <span>Reason for the password reset</span>
              <input name="reason" required minLength={3} maxLength={300} />
            </label>
            <button type="submit" className="button button--primary" disabled={busy}>
              Send password reset email
            </button>
          </Form>
          <AccountStateForm account={player.account_state} busy={busy} />
        </section>
      ) : null}
    </article>
  );
}
