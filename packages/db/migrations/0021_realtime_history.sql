CREATE TABLE "realtime_channels" (
	"channel" text PRIMARY KEY NOT NULL,
	"epoch" text NOT NULL,
	"top_offset" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"hmac_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_keys_single_row" CHECK ("realtime_keys"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "realtime_publications" (
	"channel" text NOT NULL,
	"offset" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_publications_channel_offset_pk" PRIMARY KEY("channel","offset")
);
--> statement-breakpoint
CREATE INDEX "realtime_publications_published_at" ON "realtime_publications" USING btree ("published_at");