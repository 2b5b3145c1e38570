-- The studio's tables live in its own schema. A database of an earlier release holds them in `public`,
-- where the platform's migration 0011 created them: they move here with their rows, indexes and
-- sequence, renamed to the names below, so an upgraded database and a new one end up alike. Every
-- step is guarded, so the file can run on either (or run again) without harm.
CREATE SCHEMA IF NOT EXISTS "studio";
--> statement-breakpoint
DO $$
BEGIN
  IF to_regclass('public.studio_rounds') IS NOT NULL AND to_regclass('studio.rounds') IS NULL THEN
    ALTER TABLE public.studio_rounds SET SCHEMA studio;
    ALTER TABLE studio.studio_rounds RENAME TO rounds;
    ALTER TABLE studio.rounds RENAME CONSTRAINT studio_rounds_pkey TO rounds_pkey;
    ALTER INDEX studio.studio_rounds_owner_idx RENAME TO rounds_owner_idx;
    ALTER INDEX studio.studio_rounds_open_idx RENAME TO rounds_open_idx;
  END IF;
  IF to_regclass('public.studio_seeds') IS NOT NULL AND to_regclass('studio.seeds') IS NULL THEN
    ALTER TABLE public.studio_seeds SET SCHEMA studio;
    ALTER TABLE studio.studio_seeds RENAME TO seeds;
    ALTER TABLE studio.seeds RENAME CONSTRAINT studio_seeds_pkey TO seeds_pkey;
    ALTER SEQUENCE studio.studio_seeds_id_seq RENAME TO seeds_id_seq;
    ALTER INDEX studio.studio_seeds_one_active RENAME TO seeds_one_active;
    ALTER INDEX studio.studio_seeds_owner_idx RENAME TO seeds_owner_idx;
  END IF;
  IF to_regclass('public.studio_sessions') IS NOT NULL AND to_regclass('studio.sessions') IS NULL THEN
    ALTER TABLE public.studio_sessions SET SCHEMA studio;
    ALTER TABLE studio.studio_sessions RENAME TO sessions;
    ALTER TABLE studio.sessions RENAME CONSTRAINT studio_sessions_pkey TO sessions_pkey;
    ALTER INDEX studio.studio_sessions_expiry_idx RENAME TO sessions_expiry_idx;
  END IF;
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "studio"."rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_hash" text NOT NULL,
	"mode" text NOT NULL,
	"owner" text NOT NULL,
	"title_id" text NOT NULL,
	"currency" text NOT NULL,
	"seed_id" integer NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"bet" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"stakes_sent" integer DEFAULT 0 NOT NULL,
	"stakes_booked" integer DEFAULT 0 NOT NULL,
	"payout" bigint,
	"state" jsonb,
	"view" jsonb,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_grant" text,
	"status" text DEFAULT 'open' NOT NULL,
	"phase" text DEFAULT 'betting' NOT NULL,
	"refusal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "studio"."seeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "studio"."sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"title_id" text NOT NULL,
	"language" text NOT NULL,
	"user_id" text,
	"wallet_token" text,
	"currency" text NOT NULL,
	"demo_balance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rounds_owner_idx" ON "studio"."rounds" USING btree ("owner","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rounds_open_idx" ON "studio"."rounds" USING btree ("updated_at") WHERE "studio"."rounds"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "seeds_one_active" ON "studio"."seeds" USING btree ("owner") WHERE "studio"."seeds"."active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "seeds_owner_idx" ON "studio"."seeds" USING btree ("owner","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_expiry_idx" ON "studio"."sessions" USING btree ("expires_at");
