import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';
import { refusalText } from './refusal';

/**
 * Places (`hold`) or lifts (`lift`) the hold on a player's withdrawals with the operator's reason, for
 * the actions of the withdrawals queue and Player 360: what the result line says, or the API's refusal.
 */
export async function changeWithdrawalHold(
  app: AppContext,
  intent: 'hold' | 'lift',
  playerId: string,
  reason: string,
): Promise<{ status: number; done: string | null; error: string | null }> {
  const target = { params: { id: playerId }, body: { reason } };
  const answer = await (intent === 'hold'
    ? app.api(endpoints.paymentsOperator.placeHold, target)
    : app.api(endpoints.paymentsOperator.liftHold, target));
  if (!answer.ok) return { status: answer.status, done: null, error: refusalText(answer) };
  return {
    status: answer.status,
    done:
      intent === 'hold'
        ? "The player's withdrawals are on hold: none is approved until the hold is lifted."
        : "The hold is lifted: the player's withdrawals can be approved.",
    error: null,
  };
}
