-- Player safety's bet-time rule (issue 17, decision 22), asked by ledger_try_book: the player's loss or
-- wager limits in the currency that a stake of p_amount would take past their amount, counting what was
-- lost, or staked, in each limit's rolling window; no row when the stake may go. Asked after the
-- booking locked the player's accounts, which every bet of the player takes, so concurrent bets cannot
-- pass one limit together. A raise or removal counts once its effective_at has passed, both read at
-- p_now (the product's time). For a player without limits this is one probe of player_limits_player_idx.
-- Set-returning plain SQL, inlined into the booking's query (bonuses_refusing_stake.sql says why).
CREATE OR REPLACE FUNCTION compliance_limits_refusing_stake(
  p_player uuid, p_currency text, p_amount bigint, p_now timestamptz
) RETURNS TABLE (limit_id uuid)
LANGUAGE sql
STABLE
AS $$
  SELECT l.id FROM player_limits l
  WHERE l.player_id = p_player AND l.currency = p_currency AND l.kind IN ('loss', 'wager')
    AND NOT (l.pending_removal AND l.effective_at <= p_now)
    AND player_limit_used(
      p_player, p_currency, l.kind,
      p_now - CASE l.period WHEN 'day' THEN interval '24 hours' WHEN 'week' THEN interval '7 days'
                            ELSE interval '30 days' END
    ) + p_amount > CASE WHEN l.pending_amount IS NOT NULL AND l.effective_at <= p_now
                        THEN l.pending_amount ELSE l.amount END
$$;
