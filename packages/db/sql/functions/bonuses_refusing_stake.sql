-- The bonus engine's bet-time rule (decision 21), asked by ledger_try_book: a running bonus caps the
-- stake per round (its terms' maximum bet), refused at bet time, never confiscated later. The running
-- bonus of the player in the currency whose maximum bet is below p_amount, or no row. Asked after the
-- booking locked the player's accounts, which a bonus's activation also takes, so a bet sees the bonus
-- that put money on the balance it spends. One probe of player_bonuses_one_running.
-- A set-returning plain SQL function, so the planner inlines it into the booking's own cached query
-- (a scalar SQL function holding a sub-select is not inlined: called apart, it cost the booking a
-- third of its throughput).
CREATE OR REPLACE FUNCTION bonuses_refusing_stake(
  p_player uuid, p_currency text, p_amount bigint
) RETURNS TABLE (bonus_id uuid)
LANGUAGE sql
STABLE
AS $$
  SELECT id FROM player_bonuses
  WHERE player_id = p_player AND currency = p_currency AND stage IN ('activated', 'handle_bets')
    AND max_bet < p_amount
$$;
