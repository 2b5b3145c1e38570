import type { PlayerAccountState, PlayerSummary } from '@chrysos/contract';
import { Form } from 'react-router';
import { when } from './format';

/*
 * A player's account as operators decided it (issue 38): active, suspended until reinstated, or closed
 * for good; shown on Player 360 with the reason and date of the last change, and changed there by a
 * role whose rules allow `update PlayerAccount`.
 */

const stateNames: Record<PlayerAccountState['state'], string> = {
  active: 'Active',
  suspended: 'Suspended',
  closed: 'Closed for good',
};

/** The account's rows of the profile's facts: its state, and the last change with its reason. */
export function AccountStateFacts({
  account,
  status,
}: {
  account: PlayerAccountState;
  status: PlayerSummary['status'];
}) {
  // Bets refused without a suspension: disabled_at set by hand, before accounts had a state.
  const name = account.state === 'active' && status === 'disabled' ? 'Disabled' : stateNames[account.state];
  return (
    <>
      <dt>Account</dt>
      <dd>{name}</dd>
      {account.changed_at ? (
        <>
          <dt>Last change</dt>
          <dd>
            {when(account.changed_at)} by {account.changed_by_name ?? account.changed_by ?? '—'}:{' '}
            {account.reason}
          </dd>
        </>
      ) : null}
    </>
  );
}

/** What the operator may do with the account from its state: suspend or reinstate, and close it. */
export function AccountStateForm({ account, busy }: { account: PlayerAccountState; busy: boolean }) {
  if (account.state === 'closed') {
    return <p>The account is closed for good: it cannot be reinstated.</p>;
  }
  return (
    <Form method="post" className="backoffice-form">
      <h3>Suspend or close the account</h3>
      <label className="field">
        <span>Reason for the account change</span>
        <input name="reason" required minLength={3} maxLength={300} />
      </label>
      {account.state === 'active' ? (
        <button
          type="submit"
          name="intent"
          value="suspend"
          className="button button--primary"
          disabled={busy}
        >
          Suspend the account
        </button>
      ) : (
        <button
          type="submit"
          name="intent"
          value="reinstate"
          className="button button--primary"
          disabled={busy}
        >
          Reinstate the account
        </button>
      )}
      <button type="submit" name="intent" value="close" className="button" disabled={busy}>
        Close the account for good
      </button>
    </Form>
  );
}
