-- Issue 33: the bet-time rules of bonuses, player safety and the jackpot move out of ledger_try_book into
-- functions their modules own (sql/functions/<module>_*.sql); ledger_try_book asks them. Same behaviour.
-- The game booked under p_game if the catalogue files it as a slot ('slots' or 'classic-slots'), or no
-- row: the games the jackpot takes its share of (jackpot_contributions.sql). Set-returning plain SQL,
-- inlined where it is called (bonuses_refusing_stake.sql says why).
CREATE OR REPLACE FUNCTION games_slot(p_game text) RETURNS TABLE (game_code text)
LANGUAGE sql
STABLE
AS $$
  SELECT g.game_code FROM games g
  WHERE g.game_code = p_game AND g.categories && ARRAY['slots', 'classic-slots']
$$;
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
-- ledger_book's body, answering a refusal with {"status": "refused", "reason": …} before writing
-- anything, so a caller booking several movements in one transaction (wallet_book_calls) needs no
-- subtransaction per movement. Reasons: 'insufficient_funds'; 'bet_rolled_back', a win for a bet that
-- was rolled back; 'bet_settled', a rollback of a bet that a win already answers; 'bonus_max_bet', a
-- stake above the maximum bet of the player's running bonus in the currency; 'player_limit', a stake
-- that would take the player past their own loss or wager limit (issue 17). Whichever of a win and
-- a rollback of one bet is booked first decides: both lock the player's accounts before checking.
-- A real-money bet on a slot also pays the progressive jackpot (issue 18, decision 28): the house's leg
-- gives each tier its share of the real part of the stake as legs of the same transaction, so a
-- contribution is booked, or lost, with its bet and never apart from it. The player's slot stakes are
-- summed on their real account (jackpot_staked), in the update the bet makes anyway.
-- The rules of other capabilities are theirs, each in its own function this one asks at bet time
-- (<module>_*.sql): bonuses_refusing_stake, compliance_limits_refusing_stake, jackpot_contributions.
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
-- Before any row: the player's ledger lock, pg_advisory_xact_lock(1818584167, hashtext(player:currency)),
-- which every locker of a player's accounts takes first (Ledger.lockedBalances too). The accounts are
-- then locked in id order, but a set of rows is not a stable order: an account created in a longer
-- transaction commits after a newer one, so a booking could hold the newer account while another
-- waited behind it holding the older one, and a group of calls (wallet_book_calls) joined in: deadlock,
-- and a single protocol call chosen as its victim answered RS_ERROR_UNKNOWN (issue 31 item 22). With
-- the one lock first, a single-player booking waits holding nothing and is never part of a cycle.
-- p_now is the product's time (the app's clock, apps/server/src/platform/clock.ts), which decides the
-- player's limits: the start of a limit's rolling window and whether a pending raise or removal is due.
CREATE OR REPLACE FUNCTION ledger_try_book(
  p_key text, p_fingerprint text, p_kind text, p_player uuid, p_currency text, p_amount bigint,
  p_reference text, p_round text, p_game text, p_legs jsonb, p_result jsonb, p_now timestamptz
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
  v_staked bigint[];
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
  -- The jackpot contribution: the real money the stake took, the house's entry (by position), the tiers.
  v_real_spent bigint := 0;
  v_real_at int;
  v_house_at int;
  v_jackpot record;
  v_contributed bigint := 0;
BEGIN
  IF p_player IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(1818584167, hashtext(p_player::text || ':' || p_currency));
  END IF;
  SELECT coalesce(array_agg(id ORDER BY id), '{}'), coalesce(array_agg(kind ORDER BY id), '{}'),
         coalesce(array_agg(balance ORDER BY id), '{}'), coalesce(array_agg(jackpot_staked ORDER BY id), '{}')
  INTO v_ids, v_kinds, v_balances, v_staked
  FROM (
    SELECT id, kind, balance, jackpot_staked FROM ledger_accounts
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

  -- The bet-time rules of the capabilities that own them, asked after the account locks, which their own
  -- changes (a bonus's activation, another bet) also take: the running bonus's maximum bet
  -- (bonuses_refusing_stake.sql), the player's own loss and wager limits
  -- (compliance_limits_refusing_stake.sql). A refusal writes nothing.
  IF p_kind = 'bet' AND p_amount > 0 THEN
    IF EXISTS (SELECT 1 FROM bonuses_refusing_stake(p_player, p_currency, p_amount)) THEN
      RETURN jsonb_build_object('status', 'refused', 'reason', 'bonus_max_bet');
    END IF;
    IF EXISTS (SELECT 1 FROM compliance_limits_refusing_stake(p_player, p_currency, p_amount, p_now)) THEN
      RETURN jsonb_build_object('status', 'refused', 'reason', 'player_limit');
    END IF;
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
      IF v_amount > 0 THEN
        v_house_at := cardinality(v_entry_accounts);
      END IF;
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
      IF v_from_first > 0 AND v_kinds[v_at] = 'real' THEN
        v_real_spent := v_from_first;
        v_real_at := v_at;
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

  -- The jackpot contribution of a real-money slot bet, taken from the house's share of the stake: the
  -- legs jackpot_contributions.sql answers. The player's stakes on slots are summed (jackpot_staked of
  -- their real account, locked above and rewritten below with its balance).
  IF p_kind = 'bet' AND v_real_spent > 0 AND v_house_at IS NOT NULL THEN
    FOR v_jackpot IN
      SELECT j.account_id, j.cents FROM jackpot_contributions(p_currency, p_game, v_staked[v_real_at], v_real_spent) j
    LOOP
      IF v_jackpot.cents > 0 THEN
        v_entry_accounts := v_entry_accounts || v_jackpot.account_id;
        v_entry_amounts := v_entry_amounts || v_jackpot.cents;
        v_entry_after := v_entry_after || NULL::bigint;
        v_contributed := v_contributed + v_jackpot.cents;
      END IF;
    END LOOP;
    -- The stake counts towards the sum only where the jackpot took its share (the loop found tiers).
    IF FOUND THEN
      v_staked[v_real_at] := v_staked[v_real_at] + v_real_spent;
    END IF;
    v_entry_amounts[v_house_at] := v_entry_amounts[v_house_at] - v_contributed;
  END IF;

  FOR v_at IN 1..cardinality(v_ids) LOOP
    IF v_changed[v_at] THEN
      UPDATE ledger_accounts SET balance = v_balances[v_at], jackpot_staked = v_staked[v_at] WHERE id = v_ids[v_at];
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
$$;
