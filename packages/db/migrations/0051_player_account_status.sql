-- NOT VALID: every existing row is 'active' by the default, and rows written from now on are checked (decision 0036).
ALTER TABLE "players" ADD COLUMN "account_status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "account_status_reason" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "account_status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "account_status_changed_by" text;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_account_status" CHECK ("players"."account_status" in ('active', 'suspended', 'closed')) NOT VALID;