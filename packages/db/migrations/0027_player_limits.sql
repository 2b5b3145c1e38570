-- Players' own limits (issue 17, decision 22): player_limits, what a player has used of one
-- (player_limit_used) and the loss and wager limits refused inside ledger_try_book at bet time
-- ('player_limit', P0007 from ledger_book).
CREATE TABLE "player_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"pending_amount" bigint,
	"pending_removal" boolean DEFAULT false NOT NULL,
	"effective_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_limits_one_per_kind" UNIQUE NULLS NOT DISTINCT("player_id","kind","period","currency"),
	CONSTRAINT "player_limits_amount_positive" CHECK ("player_limits"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_limits_player_idx" ON "player_limits" USING btree ("player_id","currency");--> statement-breakpoint
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
$$;--> statement-breakpoint
-- ledger_book's body, answering a refusal with {"status": "refused", "reason": …} before writing
-- anything, so a caller booking several movements in one transaction (wallet_book_calls) needs no
-- subtransaction per movement. Reasons: 'insufficient_funds'; 'bet_rolled_back', a win for a bet that
-- was rolled back; 'bet_settled', a rollback of a bet that a win already answers; 'bonus_max_bet', a
-- stake above the maximum bet of the player's running bonus in the currency; 'player_limit', a stake
-- that would take the player past their own loss or wager limit (issue 17). Whichever of a win and
-- a rollback of one bet is booked first decides: both lock the player's accounts before checking.
-- * All of the player's accounts in the currency are locked and read in one statement, so the spend
--   split and the balances the caller is told come from that read, not from further queries.
-- * The transaction row is written once, with its result, after the legs are applied, and the entries
--   in one INSERT; each changed balance is one UPDATE by id. The JSON array is walked by position and
--   the balances summed in the loop that writes them: each query inside a plpgsql function starts an
--   executor, which costs more than the work such queries did.
-- A duplicate key is found after the lock, which every movement of the player takes, so a concurrent
-- duplicate waits for the first call and then answers as a replay. Two calls with one key that lock
-- nothing in common (a conflicting payload for another player, or a movement without a player) can
-- still race to the insert: the loser fails on ledger_transactions_key_unique and the caller books
-- again, finding the winner's row.
CREATE OR REPLACE FUNCTION ledger_try_book(
  p_key text, p_fingerprint text, p_kind text, p_player uuid, p_currency text, p_amount bigint,
  p_reference text, p_round text, p_game text, p_legs jsonb, p_result jsonb
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_tx bigint;
  v_existing record;
  v_leg jsonb;
  v_leg_at int;
  v_sum bigint := 0;
  -- The player's accounts in the currency, locked: ids, kinds, balances as they change.
  v_ids bigint[];
  v_kinds text[];
  v_balances bigint[];
  v_changed boolean[];
  v_at int;
  v_fallback_at int;
  v_amount bigint;
  v_from_first bigint;
  v_rest bigint;
  -- The player's balances after the movement, by kind: part of what the caller (and a replay) is told.
  v_real bigint := 0;
  v_bonus bigint := 0;
  v_held bigint := 0;
  -- The entries to insert.
  v_entry_accounts bigint[] := '{}';
  v_entry_amounts bigint[] := '{}';
  v_entry_after bigint[] := '{}';
  v_result jsonb;
BEGIN
  SELECT coalesce(array_agg(id ORDER BY id), '{}'), coalesce(array_agg(kind ORDER BY id), '{}'),
         coalesce(array_agg(balance ORDER BY id), '{}')
  INTO v_ids, v_kinds, v_balances
  FROM (
    SELECT id, kind, balance FROM ledger_accounts
    WHERE player_id = p_player AND currency = p_currency
    ORDER BY id
    FOR UPDATE
  ) AS locked;
  v_changed := array_fill(false, ARRAY[cardinality(v_ids)]);

  SELECT fingerprint, result, kind INTO v_existing FROM ledger_transactions WHERE idempotency_key = p_key;
  IF FOUND THEN
    IF v_existing.fingerprint = p_fingerprint THEN
      RETURN jsonb_build_object('status', 'replay', 'result', v_existing.result);
    END IF;
    RETURN jsonb_build_object('status', 'conflict', 'kind', v_existing.kind);
  END IF;

  -- A win for a bet the studio already rolled back would pay a round that no longer exists. The check
  -- runs after the account locks, which a concurrent rollback of that bet also takes, so it sees it.
  IF p_kind = 'win' AND p_reference IS NOT NULL AND EXISTS (
    SELECT 1 FROM ledger_transactions WHERE reference = p_reference AND kind = 'rollback'
  ) THEN
    RETURN jsonb_build_object('status', 'refused', 'reason', 'bet_rolled_back');
  END IF;
  -- The mirror case: a rollback of a bet that a win already answers would give the stake back for a
  -- round that was played out and paid. Whichever of the two is booked first decides.
  IF p_kind = 'rollback' AND p_reference IS NOT NULL AND EXISTS (
    SELECT 1 FROM ledger_transactions WHERE reference = p_reference AND kind = 'win'
  ) THEN
    RETURN jsonb_build_object('status', 'refused', 'reason', 'bet_settled');
  END IF;

  -- A running bonus caps the stake per round (its terms' maximum bet): refused at bet time, never
  -- confiscated later. Checked after the account locks, which a bonus's activation also takes, so a bet
  -- sees the bonus that put money on the balance it spends. One probe of player_bonuses_one_running.
  IF p_kind = 'bet' AND p_amount > 0 AND EXISTS (
    SELECT 1 FROM player_bonuses
    WHERE player_id = p_player AND currency = p_currency AND stage IN ('activated', 'handle_bets')
      AND max_bet < p_amount
  ) THEN
    RETURN jsonb_build_object('status', 'refused', 'reason', 'bonus_max_bet');
  END IF;

  -- The player's own loss and wager limits in the currency (issue 17, decision 22): a stake that would
  -- take what was lost, or staked, in a limit's rolling window past the limit is refused at bet time.
  -- After the account locks, which every bet of the player takes, so concurrent bets cannot pass one
  -- limit together. A raise or removal counts once its effective_at has passed. For a player without
  -- limits this is one probe of player_limits_player_idx.
  IF p_kind = 'bet' AND p_amount > 0 AND EXISTS (
    SELECT 1 FROM player_limits l
    WHERE l.player_id = p_player AND l.currency = p_currency AND l.kind IN ('loss', 'wager')
      AND NOT (l.pending_removal AND l.effective_at <= now())
      AND player_limit_used(
        p_player, p_currency, l.kind,
        now() - CASE l.period WHEN 'day' THEN interval '24 hours' WHEN 'week' THEN interval '7 days'
                              ELSE interval '30 days' END
      ) + p_amount > CASE WHEN l.pending_amount IS NOT NULL AND l.effective_at <= now()
                          THEN l.pending_amount ELSE l.amount END
  ) THEN
    RETURN jsonb_build_object('status', 'refused', 'reason', 'player_limit');
  END IF;

  FOR v_leg_at IN 0 .. jsonb_array_length(p_legs) - 1 LOOP
    v_leg := p_legs->v_leg_at;
    v_amount := (v_leg->>'amount')::bigint;
    v_sum := v_sum + v_amount;
    IF NOT (v_leg->>'tracked')::boolean THEN
      -- System accounts keep no running balance (decision 7): the entry alone records the leg.
      v_entry_accounts := v_entry_accounts || (v_leg->>'account')::bigint;
      v_entry_amounts := v_entry_amounts || v_amount;
      v_entry_after := v_entry_after || NULL::bigint;
      CONTINUE;
    END IF;
    v_at := array_position(v_ids, (v_leg->>'account')::bigint);
    IF v_at IS NULL THEN
      RAISE EXCEPTION 'tracked leg on account % outside the player''s % accounts', v_leg->>'account', p_currency
        USING ERRCODE = 'P0004';
    END IF;
    IF v_leg ? 'fallback' THEN
      -- A spend: real money first, the rest from bonus money.
      v_fallback_at := array_position(v_ids, (v_leg->>'fallback')::bigint);
      IF v_fallback_at IS NULL THEN
        RAISE EXCEPTION 'fallback account % outside the player''s % accounts', v_leg->>'fallback', p_currency
          USING ERRCODE = 'P0004';
      END IF;
      v_from_first := greatest(0, least(v_balances[v_at], -v_amount));
      v_rest := -v_amount - v_from_first;
      IF v_rest > v_balances[v_fallback_at] THEN
        RETURN jsonb_build_object('status', 'refused', 'reason', 'insufficient_funds');
      END IF;
      IF v_from_first > 0 THEN
        v_balances[v_at] := v_balances[v_at] - v_from_first;
        v_changed[v_at] := true;
        v_entry_accounts := v_entry_accounts || v_ids[v_at];
        v_entry_amounts := v_entry_amounts || -v_from_first;
        v_entry_after := v_entry_after || v_balances[v_at];
      END IF;
      IF v_rest > 0 THEN
        v_balances[v_fallback_at] := v_balances[v_fallback_at] - v_rest;
        v_changed[v_fallback_at] := true;
        v_entry_accounts := v_entry_accounts || v_ids[v_fallback_at];
        v_entry_amounts := v_entry_amounts || -v_rest;
        v_entry_after := v_entry_after || v_balances[v_fallback_at];
      END IF;
    ELSE
      IF v_balances[v_at] + v_amount < 0 THEN
        RETURN jsonb_build_object('status', 'refused', 'reason', 'insufficient_funds');
      END IF;
      v_balances[v_at] := v_balances[v_at] + v_amount;
      v_changed[v_at] := true;
      v_entry_accounts := v_entry_accounts || v_ids[v_at];
      v_entry_amounts := v_entry_amounts || v_amount;
      v_entry_after := v_entry_after || v_balances[v_at];
    END IF;
  END LOOP;
  IF v_sum <> 0 THEN
    RAISE EXCEPTION 'unbalanced_transaction' USING ERRCODE = 'P0002';
  END IF;

  FOR v_at IN 1..cardinality(v_ids) LOOP
    IF v_changed[v_at] THEN
      UPDATE ledger_accounts SET balance = v_balances[v_at] WHERE id = v_ids[v_at];
    END IF;
    CASE v_kinds[v_at]
      WHEN 'real' THEN v_real := v_real + v_balances[v_at];
      WHEN 'bonus' THEN v_bonus := v_bonus + v_balances[v_at];
      WHEN 'withdrawal_hold' THEN v_held := v_held + v_balances[v_at];
      ELSE NULL;
    END CASE;
  END LOOP;

  v_tx := nextval('ledger_transactions_id_seq');
  v_result := p_result || jsonb_build_object('transaction_id', v_tx, 'real', v_real, 'bonus', v_bonus, 'held', v_held);
  INSERT INTO ledger_transactions (id, idempotency_key, fingerprint, kind, player_id, currency, amount, reference, round, game_code, result)
  VALUES (v_tx, p_key, p_fingerprint, p_kind, p_player, p_currency, p_amount, p_reference, p_round, p_game, v_result);
  IF cardinality(v_entry_accounts) > 0 THEN
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
    SELECT v_tx, account, amount, after FROM unnest(v_entry_accounts, v_entry_amounts, v_entry_after) AS e(account, amount, after);
  END IF;
  RETURN jsonb_build_object('status', 'booked', 'result', v_result);
END;
$$;--> statement-breakpoint
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
  p_result jsonb
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_booking jsonb;
BEGIN
  v_booking := ledger_try_book(p_key, p_fingerprint, p_kind, p_player, p_currency, p_amount, p_reference, p_round, p_game, p_legs, p_result);
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
