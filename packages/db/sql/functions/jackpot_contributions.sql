-- The progressive jackpot's bet-time legs (issue 18, decision 28), asked by ledger_try_book for a bet
-- that spent real money: each tier of the currency and the whole cents its share of the player's slot
-- stakes gained with this one (p_staked: their slot stakes so far, jackpot_staked of their real account;
-- p_spent: the real money this stake took). A stake of EUR 1 adds half a cent to the Mini, booked with
-- the player's next such bet. No rows for a currency without a jackpot or a game that is not a slot:
-- one probe of jackpot_tiers' key. A plain SQL function, so the planner inlines it into the booking's loop.
CREATE OR REPLACE FUNCTION jackpot_contributions(
  p_currency text, p_game text, p_staked bigint, p_spent bigint
) RETURNS TABLE (account_id bigint, cents bigint)
LANGUAGE sql
STABLE
AS $$
  SELECT t.account_id, (p_staked + p_spent) * t.share_bp / 10000 - p_staked * t.share_bp / 10000
  FROM jackpot_tiers t
  WHERE t.currency = p_currency AND EXISTS (SELECT 1 FROM games_slot(p_game))
$$;
