import type { RoundFairness } from '@chrysos/contract';

/**
 * The query that opens /provably-fair with a round's data filled in (its `readVerifyQuery` reads it
 * back): the game, the revealed server seed, the client seed, the nonce, the bet as JSON, the
 * actions in order and what the round paid.
 */
export function verifyQuery(fairness: RoundFairness, payout: number): string {
  const query = new URLSearchParams({
    game: fairness.game,
    server_seed: fairness.server_seed ?? '',
    client_seed: fairness.client_seed,
    nonce: String(fairness.nonce),
    bet: JSON.stringify(fairness.bet),
    // What the round paid, for the page to compare with what it recomputes.
    payout: String(payout),
  });
  const actions = fairness.actions.filter((action): action is string => typeof action === 'string');
  if (actions.length > 0) query.set('actions', actions.join(','));
  return query.toString();
}
