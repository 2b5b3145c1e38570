-- The legs of a win answering a booked bet: the house pays, and the player is paid back in the bet's
-- own proportion of real to bonus money, so bonus money stays bonus money until wagered out. A win
-- answering a bet that moved no money (a free spin's bet: kind 'bet', amount 0, paid by its grant) is
-- paid wholly to the bonus balance, where the free-spin campaign's wagering holds it. In SQL, so
-- a protocol win is one statement: the split is computed where the bet's entries are. plpgsql rather
-- than an SQL function, whose plan PostgreSQL before 18 makes afresh on every call.
CREATE OR REPLACE FUNCTION ledger_win_legs(
  p_reference text,
  p_amount bigint,
  p_house bigint,
  p_real bigint,
  p_bonus bigint
) RETURNS jsonb
LANGUAGE plpgsql
STABLE
AS $$
DECLARE
  v_from_bonus bigint;
  v_total bigint;
  v_to_bonus bigint := 0;
  v_free boolean;
  v_legs jsonb := '[]'::jsonb;
BEGIN
  SELECT
    coalesce(sum(-e.amount) FILTER (WHERE a.kind = 'bonus'), 0),
    coalesce(sum(-e.amount) FILTER (WHERE e.balance_after IS NOT NULL), 0)
  INTO v_from_bonus, v_total
  FROM ledger_transactions t
  JOIN ledger_entries e ON e.transaction_id = t.id
  JOIN ledger_accounts a ON a.id = e.account_id
  WHERE t.idempotency_key = p_reference;

  IF v_total > 0 THEN
    v_to_bonus := floor(p_amount::numeric * v_from_bonus / v_total)::bigint;
  ELSE
    -- Looked up only here: a paid bet always has entries, so ordinary wins run no extra query.
    SELECT t.kind = 'bet' AND t.amount = 0 INTO v_free
    FROM ledger_transactions t
    WHERE t.idempotency_key = p_reference;
    IF v_free THEN
      v_to_bonus := p_amount;
    END IF;
  END IF;
  IF p_amount <> 0 THEN
    v_legs := v_legs || jsonb_build_object('account', p_house, 'amount', -p_amount, 'tracked', false);
  END IF;
  IF p_amount - v_to_bonus <> 0 THEN
    v_legs := v_legs || jsonb_build_object('account', p_real, 'amount', p_amount - v_to_bonus, 'tracked', true);
  END IF;
  IF v_to_bonus <> 0 THEN
    v_legs := v_legs || jsonb_build_object('account', p_bonus, 'amount', v_to_bonus, 'tracked', true);
  END IF;
  RETURN v_legs;
END;
$$;
