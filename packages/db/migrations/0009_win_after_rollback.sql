-- ledger_book as in 0006, refusing a win whose bet was rolled back ('bet_rolled_back', P0003).
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
  p_result jsonb
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_tx bigint;
  v_existing record;
  v_leg jsonb;
  v_account bigint;
  v_amount bigint;
  v_from_first bigint;
  v_rest bigint;
  v_balance bigint;
  v_result jsonb;
BEGIN
  IF (SELECT coalesce(sum((leg->>'amount')::bigint), 0) FROM jsonb_array_elements(p_legs) AS leg) <> 0 THEN
    RAISE EXCEPTION 'unbalanced_transaction' USING ERRCODE = 'P0002';
  END IF;

  INSERT INTO ledger_transactions (idempotency_key, fingerprint, kind, player_id, currency, amount, reference, round, game_code)
  VALUES (p_key, p_fingerprint, p_kind, p_player, p_currency, p_amount, p_reference, p_round, p_game)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_tx;

  IF v_tx IS NULL THEN
    SELECT fingerprint, result, kind INTO v_existing FROM ledger_transactions WHERE idempotency_key = p_key;
    IF v_existing.fingerprint = p_fingerprint THEN
      RETURN jsonb_build_object('status', 'replay', 'result', v_existing.result);
    END IF;
    RETURN jsonb_build_object('status', 'conflict', 'kind', v_existing.kind);
  END IF;

  -- Player accounts are locked in id order, so two movements over the same accounts never deadlock.
  PERFORM 1 FROM ledger_accounts
  WHERE id IN (
    SELECT (leg->>'account')::bigint FROM jsonb_array_elements(p_legs) AS leg WHERE (leg->>'tracked')::boolean
    UNION
    SELECT (leg->>'fallback')::bigint FROM jsonb_array_elements(p_legs) AS leg WHERE leg ? 'fallback'
  )
  ORDER BY id
  FOR UPDATE;

  -- A win for a bet the studio already rolled back would pay a round that no longer exists. The check
  -- runs after the account locks, which a concurrent rollback of that bet also takes, so it sees it.
  IF p_kind = 'win' AND p_reference IS NOT NULL AND EXISTS (
    SELECT 1 FROM ledger_transactions WHERE reference = p_reference AND kind = 'rollback'
  ) THEN
    RAISE EXCEPTION 'bet_rolled_back' USING ERRCODE = 'P0003';
  END IF;

  FOR v_leg IN SELECT value FROM jsonb_array_elements(p_legs) LOOP
    v_account := (v_leg->>'account')::bigint;
    v_amount := (v_leg->>'amount')::bigint;
    IF v_leg ? 'fallback' THEN
      -- A spend: real money first, the rest from bonus money.
      SELECT greatest(0, least(balance, -v_amount)) INTO v_from_first FROM ledger_accounts WHERE id = v_account;
      v_rest := -v_amount - v_from_first;
      IF v_from_first > 0 THEN
        UPDATE ledger_accounts SET balance = balance - v_from_first WHERE id = v_account RETURNING balance INTO v_balance;
        INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
        VALUES (v_tx, v_account, -v_from_first, v_balance);
      END IF;
      IF v_rest > 0 THEN
        UPDATE ledger_accounts SET balance = balance - v_rest
        WHERE id = (v_leg->>'fallback')::bigint AND balance >= v_rest
        RETURNING balance INTO v_balance;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'insufficient_funds' USING ERRCODE = 'P0001';
        END IF;
        INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
        VALUES (v_tx, (v_leg->>'fallback')::bigint, -v_rest, v_balance);
      END IF;
    ELSIF (v_leg->>'tracked')::boolean THEN
      UPDATE ledger_accounts SET balance = balance + v_amount
      WHERE id = v_account AND balance + v_amount >= 0
      RETURNING balance INTO v_balance;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'insufficient_funds' USING ERRCODE = 'P0001';
      END IF;
      INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
      VALUES (v_tx, v_account, v_amount, v_balance);
    ELSE
      INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
      VALUES (v_tx, v_account, v_amount, NULL);
    END IF;
  END LOOP;

  -- The player's balances after the movement are part of what the caller is told, and of a replay.
  SELECT p_result || jsonb_build_object(
    'transaction_id', v_tx,
    'real', coalesce(sum(balance) FILTER (WHERE kind = 'real'), 0),
    'bonus', coalesce(sum(balance) FILTER (WHERE kind = 'bonus'), 0),
    'held', coalesce(sum(balance) FILTER (WHERE kind = 'withdrawal_hold'), 0)
  ) INTO v_result
  FROM ledger_accounts
  WHERE player_id = p_player AND currency = p_currency;

  UPDATE ledger_transactions SET result = v_result WHERE id = v_tx;
  RETURN jsonb_build_object('status', 'booked', 'result', v_result);
END;
$$;
