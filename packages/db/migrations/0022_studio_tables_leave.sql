-- The studio's tables (studio_rounds, studio_seeds, studio_sessions, created by 0011) leave the platform's
-- schema files: the studio's own migrations (apps/games/migrations) move them into the `studio` schema
-- when the studio is mounted, after these. Nothing is dropped here: this step only takes them out of the
-- platform's snapshot, so no migration generated here later touches them.
SELECT 1;
