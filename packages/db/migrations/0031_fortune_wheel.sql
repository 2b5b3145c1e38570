CREATE TABLE "wheel_spins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"day" date NOT NULL,
	"payment_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"nonce" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text,
	"sector" integer,
	"prize" jsonb,
	"idempotency_key" text,
	"granted_at" timestamp with time zone NOT NULL,
	"spun_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wheel_spins_player_day_unique" ON "wheel_spins" USING btree ("player_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "wheel_spins_payment_unique" ON "wheel_spins" USING btree ("payment_id");