import type { WithdrawalHold } from '@chrysos/contract';
import { Form } from 'react-router';
import { when } from './format';

/**
 * Player 360's hold on the player's withdrawals: the one in force (who placed it, when, why) and the
 * form to place or lift it, for roles whose rules allow it. The page's action takes `hold` and `lift`.
 */
export function WithdrawalHoldPanel({
  hold,
  mayPlace,
  mayLift,
  busy,
}: {
  hold: WithdrawalHold | null;
  mayPlace: boolean;
  mayLift: boolean;
  busy: boolean;
}) {
  const mayChange = hold ? mayLift : mayPlace;
  return (
    <section aria-labelledby="player-withdrawal-hold">
      <h2 id="player-withdrawal-hold">Withdrawal hold</h2>
      <p>
        {hold
          ? `On hold since ${when(hold.placed_at)} by ${hold.placed_by_name ?? hold.placed_by}: ${hold.reason}`
          : 'Not held: withdrawals are approved as usual.'}
      </p>
      {mayChange ? (
        <Form method="post" className="backoffice-form">
          <input type="hidden" name="intent" value={hold ? 'lift' : 'hold'} />
          <label className="field">
            <span>{hold ? 'Reason to lift the hold' : 'Reason to hold'}</span>
            <input name="reason" required minLength={3} maxLength={300} />
          </label>
          <button type="submit" className="button" disabled={busy}>
            {hold ? 'Lift the hold' : "Hold the player's withdrawals"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
