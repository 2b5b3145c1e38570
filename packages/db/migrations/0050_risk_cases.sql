CREATE TABLE "risk_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"facts" jsonb NOT NULL,
	"owner_id" uuid,
	"opened_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"resolution_note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_deposits" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"euro_cents" bigint,
	"method" text NOT NULL,
	"deposited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_interventions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"case_id" uuid,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_play" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"run_started_at" timestamp with time zone NOT NULL,
	"last_bet_at" timestamp with time zone NOT NULL,
	"nights" date[] DEFAULT '{}'::date[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_cases" ADD CONSTRAINT "risk_cases_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_interventions" ADD CONSTRAINT "risk_interventions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_interventions" ADD CONSTRAINT "risk_interventions_case_id_risk_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."risk_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_cases_unresolved_kind" ON "risk_cases" USING btree ("player_id","kind") WHERE "risk_cases"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "risk_cases_unresolved_due" ON "risk_cases" USING btree ("due_at") WHERE "risk_cases"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "risk_cases_player" ON "risk_cases" USING btree ("player_id","opened_at");--> statement-breakpoint
CREATE INDEX "risk_deposits_player" ON "risk_deposits" USING btree ("player_id","deposited_at");--> statement-breakpoint
CREATE INDEX "risk_interventions_player" ON "risk_interventions" USING btree ("player_id","recorded_at");--> statement-breakpoint
CREATE INDEX "risk_interventions_case" ON "risk_interventions" USING btree ("case_id");