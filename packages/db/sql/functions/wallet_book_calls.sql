-- Seamless-wallet bets and wins booked in groups: one statement and one commit for several calls that
-- arrived together, instead of one each. Each call is booked only if its game session is valid for it
-- (a bet: a live session of a player who is not disabled; a win: any session of the player, and a bet
-- of that player and currency to answer), through ledger_try_book, which refuses before writing, so one
-- call refused changes nothing for the others. The caller sends calls ordered by player, so two groups
-- in flight lock players in the same order.
-- Each outcome is {"booking": …} (ledger_try_book's answer), {"booked": false} (the session or bet did
-- not fit: nothing done) or {"error": "<reason>"} (refused: nothing done). An error raised by one call
-- (a lost race for its key, a deadlock) fails the whole statement: the caller then books each call of
-- the group on its own. A call's "now" is the time its game session is checked at; its "clock_now" the
-- product's time, which decides the player's limits (the database's time when a caller does not say).
CREATE OR REPLACE FUNCTION wallet_book_calls(p_calls jsonb) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_call jsonb;
  v_at int;
  v_outcomes jsonb := '[]'::jsonb;
  v_is_win boolean;
  v_legs jsonb;
  v_booking jsonb;
BEGIN
  FOR v_at IN 0 .. jsonb_array_length(p_calls) - 1 LOOP
    v_call := p_calls->v_at;
    v_is_win := v_call->>'call' = 'win';
    IF NOT EXISTS (
      SELECT 1 FROM game_sessions s JOIN players p ON p.id = s.player_id
      WHERE s.token_hash = v_call->>'token_hash'
        AND s.player_id::text = v_call->>'player'
        AND s.studio = v_call->>'studio'
        AND s.currency = v_call->>'currency'
        AND (v_is_win OR (s.expires_at >= (v_call->>'now')::timestamptz AND p.disabled_at IS NULL))
    ) OR (v_is_win AND NOT EXISTS (
      SELECT 1 FROM ledger_transactions bet
      WHERE bet.idempotency_key = v_call->>'reference'
        AND bet.kind = 'bet'
        AND bet.player_id::text = v_call->>'player'
        AND bet.currency = v_call->>'currency'
    )) THEN
      v_outcomes := v_outcomes || jsonb_build_array(jsonb_build_object('booked', false));
      CONTINUE;
    END IF;
    IF v_is_win THEN
      v_legs := ledger_win_legs(
        v_call->>'reference', (v_call->>'amount')::bigint, (v_call->>'house')::bigint,
        (v_call->>'real')::bigint, (v_call->>'bonus')::bigint
      );
    ELSE
      v_legs := v_call->'legs';
    END IF;
    v_booking := ledger_try_book(
      v_call->>'key', v_call->>'fingerprint', v_call->>'kind', (v_call->>'player')::uuid,
      v_call->>'currency', (v_call->>'amount')::bigint, v_call->>'reference', v_call->>'round',
      v_call->>'game', v_legs, v_call->'result',
      coalesce((v_call->>'clock_now')::timestamptz, now())
    );
    IF v_booking->>'status' = 'refused' THEN
      v_outcomes := v_outcomes || jsonb_build_array(jsonb_build_object('error', v_booking->>'reason'));
    ELSE
      v_outcomes := v_outcomes || jsonb_build_array(jsonb_build_object('booking', v_booking));
    END IF;
  END LOOP;
  RETURN v_outcomes;
END;
$$;
