CREATE TABLE "auth_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"player_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "players" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "date_of_birth" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "confirmation_token_hash" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "reset_password_token_hash" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "reset_password_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "unlock_token_hash" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "auth_fields_missed" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "referral_params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "referral_tag" text;--> statement-breakpoint
ALTER TABLE "auth_identities" ADD CONSTRAINT "auth_identities_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_identities_player_idx" ON "auth_identities" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "emails_created_idx" ON "emails" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "players_confirmation_token_unique" ON "players" USING btree ("confirmation_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "players_reset_password_token_unique" ON "players" USING btree ("reset_password_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "players_unlock_token_unique" ON "players" USING btree ("unlock_token_hash");