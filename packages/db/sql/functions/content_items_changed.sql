-- Bumps the one-row content_items_version. A statement trigger on content_items (created in the
-- migration that made the table) calls it on any write, whoever makes it, so every server process sees
-- that its in-memory copy of the content, and the anonymous pages it rendered from it, are stale.
CREATE OR REPLACE FUNCTION content_items_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE content_items_version SET version = version + 1;
  RETURN NULL;
END;
$$;
