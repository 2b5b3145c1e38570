-- Why a sign-in session ended, when it ended at the player's session-time limit (issue 17): the limit in
-- minutes, so a request that still carries the session is answered compliance.session_limit with it.
ALTER TABLE "sessions" ADD COLUMN "ended_at_limit_minutes" integer;