-- Free spins played in the studio (issue 16): a launch may bring a grant of the operator's (its id, the spins
-- left, the stake per spin), kept in freespin_grants and named by the session it opened; its spins are
-- counted here, and its rounds (rounds.free_grant) found by the new index when its winnings are summed.
-- Guarded like 0000, so it can run again (after a lost journal) without harm.
CREATE TABLE IF NOT EXISTS "studio"."freespin_grants" (
	"grant_id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"title_id" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"spins_total" integer NOT NULL,
	"spins_left" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freespin_grants_spins" CHECK (spins_left >= 0 and spins_left <= spins_total)
);
--> statement-breakpoint
ALTER TABLE "studio"."sessions" ADD COLUMN IF NOT EXISTS "free_grant" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rounds_free_grant_idx" ON "studio"."rounds" USING btree ("free_grant") WHERE "studio"."rounds"."free_grant" is not null;