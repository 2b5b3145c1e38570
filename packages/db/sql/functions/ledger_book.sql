-- Books one money movement in a single statement: the transaction row under its idempotency key, every
-- leg against its account, and the stored result. Either all of it happens or none of it. The work is
-- ledger_try_book's; ledger_book raises its refusals, so the caller's statement changes nothing:
-- 'insufficient_funds' (P0001) when a player account would go below zero, 'bet_rolled_back' (P0003) for
-- a win whose bet was rolled back, 'bet_settled' (P0005) for a rollback of a bet a win already answers,
-- 'bonus_max_bet' (P0006) for a stake above a running bonus's maximum bet, 'player_limit' (P0007) for a
-- stake that would cross the player's own loss or wager limit.
--
-- p_legs: [{ "account": id, "amount": signed minor units, "tracked": true for player accounts,
--            "fallback": id (optional: a spend taken from "account" first, the rest from "fallback") }]
-- p_now: the product's time, which decides the player's limits (ledger_try_book); the database's
-- time when a caller does not say.
-- Returns { "status": "booked" | "replay", "result": {...} } or { "status": "conflict", "kind": ... }.
CREATE OR REPLACE FUNCTION ledger_book(
  p_key text,
  p_fingerprint text,
  p_kind text,
  p_player uuid,
  p_currency text,
  p_amount bigint,
  p_reference text,
  p_round text,
  p_game text,
  p_legs jsonb,
  p_result jsonb,
  p_now timestamptz DEFAULT now()
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_booking jsonb;
BEGIN
  v_booking := ledger_try_book(p_key, p_fingerprint, p_kind, p_player, p_currency, p_amount, p_reference, p_round, p_game, p_legs, p_result, p_now);
  IF v_booking->>'status' = 'refused' THEN
    IF v_booking->>'reason' = 'insufficient_funds' THEN
      RAISE EXCEPTION 'insufficient_funds' USING ERRCODE = 'P0001';
    END IF;
    IF v_booking->>'reason' = 'bet_settled' THEN
      RAISE EXCEPTION 'bet_settled' USING ERRCODE = 'P0005';
    END IF;
    IF v_booking->>'reason' = 'bonus_max_bet' THEN
      RAISE EXCEPTION 'bonus_max_bet' USING ERRCODE = 'P0006';
    END IF;
    IF v_booking->>'reason' = 'player_limit' THEN
      RAISE EXCEPTION 'player_limit' USING ERRCODE = 'P0007';
    END IF;
    RAISE EXCEPTION 'bet_rolled_back' USING ERRCODE = 'P0003';
  END IF;
  RETURN v_booking;
END;
$$;
