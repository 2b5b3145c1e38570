CREATE TABLE "tournament_participants" (
	"tournament_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"reached" bigint DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"place" integer,
	"prize" bigint,
	CONSTRAINT "tournament_participants_tournament_id_player_id_pk" PRIMARY KEY("tournament_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_points" (
	"tournament_id" text NOT NULL,
	"transaction_id" bigint NOT NULL,
	"bet_key" text NOT NULL,
	"player_id" uuid NOT NULL,
	"points" bigint NOT NULL,
	"rolled_back" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tournament_points_tournament_id_transaction_id_pk" PRIMARY KEY("tournament_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" text PRIMARY KEY NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"points_rule" text NOT NULL,
	"games" text[] NOT NULL,
	"min_bet" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"opt_in" boolean DEFAULT true NOT NULL,
	"groups" text[],
	"countries" text[],
	"prize_pool" jsonb NOT NULL,
	"prize_shares" jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_end_after_start" CHECK ("tournaments"."end_at" > "tournaments"."start_at")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_matches_owner";--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_points" ADD CONSTRAINT "tournament_points_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_points" ADD CONSTRAINT "tournament_points_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_participants_board_idx" ON "tournament_participants" USING btree ("tournament_id","points" DESC NULLS LAST,"reached");--> statement-breakpoint
CREATE INDEX "tournament_participants_player_idx" ON "tournament_participants" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "tournament_points_bet_idx" ON "tournament_points" USING btree ("bet_key");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_matches_owner" CHECK (("ledger_accounts"."player_id" is null and "ledger_accounts"."kind" in ('house', 'psp_clearing', 'bonus_pool', 'jackpot', 'lottery_pool', 'loyalty_pool', 'tournament_pool')) or ("ledger_accounts"."player_id" is not null and "ledger_accounts"."kind" in ('real', 'bonus', 'withdrawal_hold')));