CREATE TABLE "favorite_games" (
	"player_id" uuid NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_games_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"seo_title" text NOT NULL,
	"provider" text NOT NULL,
	"studio" text NOT NULL,
	"game_code" text NOT NULL,
	"title_en" text NOT NULL,
	"title_el" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_el" text DEFAULT '' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"thumbnail" text NOT NULL,
	"volatility" text NOT NULL,
	"rtp" numeric(5, 2) NOT NULL,
	"lines" integer,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_demo" boolean DEFAULT true NOT NULL,
	"devices" text[] DEFAULT '{desktop,mobile}'::text[] NOT NULL,
	"restricted_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"restricted_currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"engine" text,
	"variant" text,
	"min_bet" numeric(14, 4),
	"max_bet" numeric(14, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_rtp_range" CHECK ("games"."rtp" > 0 and "games"."rtp" <= 100),
	CONSTRAINT "games_volatility" CHECK ("games"."volatility" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
CREATE TABLE "games_catalogue_version" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "games_catalogue_version_singleton" CHECK ("games_catalogue_version"."singleton")
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"player_id" uuid NOT NULL,
	"game_id" integer NOT NULL,
	"last_played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_games_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_game_providers_slug_fk" FOREIGN KEY ("provider") REFERENCES "public"."game_providers"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_identifier_unique" ON "games" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "games_seo_title_unique" ON "games" USING btree ("seo_title");--> statement-breakpoint
CREATE INDEX "games_provider_idx" ON "games" USING btree ("provider");--> statement-breakpoint
CREATE INDEX "recent_games_player_idx" ON "recent_games" USING btree ("player_id","last_played_at" DESC NULLS LAST);--> statement-breakpoint
-- Every server process keeps an in-memory copy of the catalogue for the lobby's filters and checks this
-- one row per request: any write to games or game_providers, by whomever, bumps it.
INSERT INTO "games_catalogue_version" ("singleton", "version") VALUES (true, 0);--> statement-breakpoint
CREATE FUNCTION games_catalogue_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE games_catalogue_version SET version = version + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER games_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "games"
  FOR EACH STATEMENT EXECUTE FUNCTION games_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER game_providers_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "game_providers"
  FOR EACH STATEMENT EXECUTE FUNCTION games_catalogue_changed();
