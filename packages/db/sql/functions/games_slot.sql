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
