-- Bumps the one-row games_catalogue_version. Statement triggers on games and game_providers (created in
-- migration 0010) call it on any write, whoever makes it, so every server process sees that its
-- in-memory copy of the catalogue is stale with one cheap read.
CREATE OR REPLACE FUNCTION games_catalogue_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE games_catalogue_version SET version = version + 1;
  RETURN NULL;
END;
$$;
