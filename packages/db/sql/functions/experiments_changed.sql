-- Bumps the one-row experiments_version. A statement trigger on experiments (created in the migration
-- that made the version table) calls it on any write, whoever makes it, so every server process sees that
-- its in-memory list of running experiments, and the anonymous pages it rendered with it, are stale.
CREATE OR REPLACE FUNCTION experiments_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE experiments_version SET version = version + 1;
  RETURN NULL;
END;
$$;
