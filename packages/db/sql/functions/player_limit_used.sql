-- What a player has used of a limit in one currency since a moment (issue 17, decision 22): 'deposit',
-- deposits that succeeded or are still pending (so two deposits in flight cannot pass one limit
-- together); 'wager', stakes less stakes rolled back; 'loss', stakes less winnings and rollbacks
-- (negative while the player is ahead). GET /player/limits shows it and ledger_try_book enforces it, so
-- what the player reads is what refuses their bet.
CREATE OR REPLACE FUNCTION player_limit_used(
  p_player uuid, p_currency text, p_kind text, p_since timestamptz
) RETURNS bigint
LANGUAGE sql
STABLE
AS $$
  SELECT CASE p_kind
    WHEN 'deposit' THEN (
      SELECT coalesce(sum(amount), 0)::bigint FROM payments
      WHERE player_id = p_player AND currency = p_currency AND kind = 'deposit'
        AND status IN ('pending', 'succeeded') AND created_at >= p_since
    )
    ELSE (
      SELECT coalesce(sum(CASE kind
        WHEN 'bet' THEN amount
        WHEN 'rollback' THEN -amount
        WHEN 'win' THEN CASE WHEN p_kind = 'loss' THEN -amount ELSE 0 END
        ELSE 0 END), 0)::bigint
      FROM ledger_transactions
      WHERE player_id = p_player AND currency = p_currency AND kind IN ('bet', 'win', 'rollback')
        AND created_at >= p_since
    )
  END
$$;
