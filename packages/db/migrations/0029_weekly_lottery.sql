CREATE TABLE "lottery_deposits" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"draw_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"euro_cents" bigint NOT NULL,
	"tickets" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" text PRIMARY KEY NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_tickets" (
	"draw_id" text NOT NULL,
	"number" integer NOT NULL,
	"player_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_tickets_draw_id_number_pk" PRIMARY KEY("draw_id","number")
);
--> statement-breakpoint
CREATE TABLE "lottery_winners" (
	"draw_id" text NOT NULL,
	"place" integer NOT NULL,
	"ticket_number" integer NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_winners_draw_id_place_pk" PRIMARY KEY("draw_id","place"),
	CONSTRAINT "lottery_winners_place" CHECK ("lottery_winners"."place" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_matches_owner";--> statement-breakpoint
ALTER TABLE "lottery_deposits" ADD CONSTRAINT "lottery_deposits_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_deposits" ADD CONSTRAINT "lottery_deposits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_deposits" ADD CONSTRAINT "lottery_deposits_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_payment_id_lottery_deposits_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."lottery_deposits"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_winners" ADD CONSTRAINT "lottery_winners_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_winners" ADD CONSTRAINT "lottery_winners_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_winners" ADD CONSTRAINT "lottery_winners_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_deposits_player_idx" ON "lottery_deposits" USING btree ("player_id","draw_id");--> statement-breakpoint
CREATE INDEX "lottery_tickets_player_idx" ON "lottery_tickets" USING btree ("player_id","draw_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_winners_one_per_player" ON "lottery_winners" USING btree ("draw_id","player_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_matches_owner" CHECK (("ledger_accounts"."player_id" is null and "ledger_accounts"."kind" in ('house', 'psp_clearing', 'bonus_pool', 'jackpot', 'lottery_pool')) or ("ledger_accounts"."player_id" is not null and "ledger_accounts"."kind" in ('real', 'bonus', 'withdrawal_hold')));