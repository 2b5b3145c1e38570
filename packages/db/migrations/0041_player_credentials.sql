CREATE TABLE "player_credentials" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"password_hash" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"confirmation_token_hash" text,
	"confirmation_sent_at" timestamp with time zone,
	"reset_password_token_hash" text,
	"reset_password_sent_at" timestamp with time zone,
	"unlock_token_hash" text,
	"sign_in_count" integer DEFAULT 0 NOT NULL,
	"current_sign_in_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
-- Every player keeps how they sign in: the row moves, nothing is lost.
INSERT INTO "player_credentials" ("player_id", "password_hash", "failed_attempts", "locked_at",
	"confirmation_token_hash", "confirmation_sent_at", "reset_password_token_hash", "reset_password_sent_at",
	"unlock_token_hash", "sign_in_count", "current_sign_in_at", "last_sign_in_at")
SELECT "id", "password_hash", "failed_attempts", "locked_at", "confirmation_token_hash", "confirmation_sent_at",
	"reset_password_token_hash", "reset_password_sent_at", "unlock_token_hash", "sign_in_count",
	"current_sign_in_at", "last_sign_in_at"
FROM "players";
--> statement-breakpoint
DROP INDEX "players_confirmation_token_unique";--> statement-breakpoint
DROP INDEX "players_reset_password_token_unique";--> statement-breakpoint
DROP INDEX "players_unlock_token_unique";--> statement-breakpoint
ALTER TABLE "player_credentials" ADD CONSTRAINT "player_credentials_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_credentials_confirmation_token_unique" ON "player_credentials" USING btree ("confirmation_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "player_credentials_reset_password_token_unique" ON "player_credentials" USING btree ("reset_password_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "player_credentials_unlock_token_unique" ON "player_credentials" USING btree ("unlock_token_hash");--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "password_hash";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "locked_at";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "confirmation_token_hash";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "confirmation_sent_at";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "reset_password_token_hash";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "reset_password_sent_at";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "unlock_token_hash";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "sign_in_count";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "current_sign_in_at";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "last_sign_in_at";