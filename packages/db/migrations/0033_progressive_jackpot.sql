-- The progressive jackpot (issue 18, docs/decisions/0025): tiers per currency with their ledger accounts,
-- each player's real-money slot stakes (the contribution's carried fractions), the cycles with their committed
-- drop points; the winners lists; the ledger's jackpot tier and seed-pool system accounts; games by code.
CREATE TABLE "jackpot_cycles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"tier" text NOT NULL,
	"number" integer NOT NULL,
	"seed_cents" bigint NOT NULL,
	"must_drop_cents" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"drop_cents" bigint NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	"after_transaction" bigint NOT NULL,
	"contributed_cents" bigint DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"winning_transaction" bigint,
	"winner_id" uuid,
	"game_code" text,
	"won_cents" bigint,
	"payout_transaction" bigint,
	"won_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jackpot_stakes" (
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"staked" bigint NOT NULL,
	CONSTRAINT "jackpot_stakes_player_id_currency_pk" PRIMARY KEY("player_id","currency")
);
--> statement-breakpoint
CREATE TABLE "jackpot_tiers" (
	"currency" text NOT NULL,
	"tier" text NOT NULL,
	"position" integer NOT NULL,
	"account_id" bigint NOT NULL,
	"share_bp" integer NOT NULL,
	"seed_cents" bigint NOT NULL,
	"must_drop_cents" bigint NOT NULL,
	CONSTRAINT "jackpot_tiers_currency_tier_pk" PRIMARY KEY("currency","tier"),
	CONSTRAINT "jackpot_tiers_range" CHECK ("jackpot_tiers"."must_drop_cents" > "jackpot_tiers"."seed_cents" and "jackpot_tiers"."seed_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "winners" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"euro_cents" bigint NOT NULL,
	"game_code" text,
	"jackpot" text,
	"won_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_matches_owner";--> statement-breakpoint
ALTER TABLE "jackpot_cycles" ADD CONSTRAINT "jackpot_cycles_winner_id_players_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_stakes" ADD CONSTRAINT "jackpot_stakes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_tiers" ADD CONSTRAINT "jackpot_tiers_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_tiers" ADD CONSTRAINT "jackpot_tiers_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_cycles_number_unique" ON "jackpot_cycles" USING btree ("currency","tier","number");--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_cycles_one_open" ON "jackpot_cycles" USING btree ("currency","tier") WHERE "jackpot_cycles"."won_at" is null;--> statement-breakpoint
CREATE INDEX "winners_won_at_idx" ON "winners" USING btree ("won_at");--> statement-breakpoint
CREATE INDEX "winners_top_idx" ON "winners" USING btree ("euro_cents","won_at");--> statement-breakpoint
CREATE INDEX "games_game_code_idx" ON "games" USING btree ("game_code");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_matches_owner" CHECK (("ledger_accounts"."player_id" is null and "ledger_accounts"."kind" in ('house', 'psp_clearing', 'bonus_pool', 'jackpot', 'jackpot_mini', 'jackpot_major', 'jackpot_grand', 'jackpot_seed', 'lottery_pool', 'loyalty_pool', 'tournament_pool')) or ("ledger_accounts"."player_id" is not null and "ledger_accounts"."kind" in ('real', 'bonus', 'withdrawal_hold')));