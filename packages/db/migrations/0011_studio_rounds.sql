CREATE TABLE "studio_rounds" (
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
CREATE TABLE "studio_seeds" (
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
CREATE TABLE "studio_sessions" (
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
CREATE INDEX "studio_rounds_owner_idx" ON "studio_rounds" USING btree ("owner","created_at");--> statement-breakpoint
CREATE INDEX "studio_rounds_open_idx" ON "studio_rounds" USING btree ("updated_at") WHERE "studio_rounds"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "studio_seeds_one_active" ON "studio_seeds" USING btree ("owner") WHERE "studio_seeds"."active";--> statement-breakpoint
CREATE INDEX "studio_seeds_owner_idx" ON "studio_seeds" USING btree ("owner","id");--> statement-breakpoint
CREATE INDEX "studio_sessions_expiry_idx" ON "studio_sessions" USING btree ("expires_at");