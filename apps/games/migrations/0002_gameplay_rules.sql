-- The licence's gameplay rules (issue 35): a launch says whether the game may offer autoplay and the
-- minimum game cycle (UK: none, 2.5 s, RTS 14), kept with the session it opened; round_starts holds when
-- each player last started a round of each title, moved on only once the cycle has passed.
-- Guarded like 0000, so it can run again (after a lost journal) without harm.
CREATE TABLE IF NOT EXISTS "studio"."round_starts" (
	"owner" text NOT NULL,
	"title_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "round_starts_owner_title_id_pk" PRIMARY KEY("owner","title_id")
);
--> statement-breakpoint
ALTER TABLE "studio"."sessions" ADD COLUMN IF NOT EXISTS "autoplay" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "studio"."sessions" ADD COLUMN IF NOT EXISTS "min_cycle_ms" integer DEFAULT 0 NOT NULL;
