CREATE TABLE "affiliate_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"player_id" uuid NOT NULL,
	"params" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"received_at" timestamp with time zone NOT NULL,
	"message_id" text NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"user_id" text,
	"anonymous_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"properties" jsonb NOT NULL,
	"context" jsonb NOT NULL,
	CONSTRAINT "analytics_events_received_at_message_id_pk" PRIMARY KEY("received_at","message_id")
) PARTITION BY RANGE ("received_at");
--> statement-breakpoint
CREATE TABLE "analytics_message_ids" (
	"source" text NOT NULL,
	"message_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_message_ids_source_message_id_pk" PRIMARY KEY("source","message_id")
);
--> statement-breakpoint
CREATE TABLE "collected_stats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"tags" jsonb NOT NULL,
	"player_id" uuid
);
--> statement-breakpoint
CREATE TABLE "experiment_assignments" (
	"experiment_id" text NOT NULL,
	"subject" text NOT NULL,
	"variation" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "experiment_assignments_experiment_id_subject_pk" PRIMARY KEY("experiment_id","subject")
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"variations" jsonb NOT NULL,
	"coverage" real NOT NULL,
	"seed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experiment_assignments" ADD CONSTRAINT "experiment_assignments_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_calls_key_unique" ON "affiliate_calls" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "analytics_events_name_time" ON "analytics_events" USING btree ("name","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_user_time" ON "analytics_events" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_message_ids_received" ON "analytics_message_ids" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "collected_stats_name_time" ON "collected_stats" USING btree ("name","received_at");--> statement-breakpoint
-- A month's partition of analytics_events, made when missing (at start-up, by a daily job for the months
-- ahead, and by the ingest when the product clock was moved past them): analytics_events_2026_12 holds
-- December 2026 in UTC.
CREATE FUNCTION analytics_events_partition(month_start timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first timestamptz := date_trunc('month', month_start AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  name text := 'analytics_events_' || to_char(first AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  -- Two instances making the same month's partition at once: the second waits, then finds it made.
  PERFORM pg_advisory_xact_lock(hashtext(name));
  EXECUTE format(
    'CREATE TABLE IF NOT EXISTS %I PARTITION OF analytics_events FOR VALUES FROM (%L) TO (%L)',
    name, first, first + interval '1 month'
  );
END $$;