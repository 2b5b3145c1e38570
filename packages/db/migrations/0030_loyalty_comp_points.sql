-- Comp points (issue 18): every movement of a player's points in millionths (comp_point_entries, one per
-- key: a bet, a rollback, an award, an exchange), points collected per day for the 12-month level
-- (comp_point_days), the balance and level (comp_point_balances), benefits granted per period
-- (loyalty_benefit_grants), and the loyalty_pool system account that pays exchanges.
CREATE TABLE "comp_point_balances" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"micro_points" bigint DEFAULT 0 NOT NULL,
	"level" text DEFAULT 'bronze' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_point_days" (
	"player_id" uuid NOT NULL,
	"day" date NOT NULL,
	"micro_points" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "comp_point_days_player_id_day_pk" PRIMARY KEY("player_id","day")
);
--> statement-breakpoint
CREATE TABLE "comp_point_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"micro_points" bigint NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comp_point_entries_key_unique" UNIQUE("key"),
	CONSTRAINT "comp_point_entries_kind" CHECK ("comp_point_entries"."kind" in ('play', 'award', 'exchange'))
);
--> statement-breakpoint
CREATE TABLE "loyalty_benefit_grants" (
	"player_id" uuid NOT NULL,
	"benefit" text NOT NULL,
	"period" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_benefit_grants_player_id_benefit_period_pk" PRIMARY KEY("player_id","benefit","period")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_matches_owner";--> statement-breakpoint
ALTER TABLE "comp_point_balances" ADD CONSTRAINT "comp_point_balances_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_point_days" ADD CONSTRAINT "comp_point_days_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_point_entries" ADD CONSTRAINT "comp_point_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_benefit_grants" ADD CONSTRAINT "loyalty_benefit_grants_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comp_point_entries_player_idx" ON "comp_point_entries" USING btree ("player_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_matches_owner" CHECK (("ledger_accounts"."player_id" is null and "ledger_accounts"."kind" in ('house', 'psp_clearing', 'bonus_pool', 'jackpot', 'lottery_pool', 'loyalty_pool')) or ("ledger_accounts"."player_id" is not null and "ledger_accounts"."kind" in ('real', 'bonus', 'withdrawal_hold')));