CREATE TABLE "content_items" (
	"collection" text NOT NULL,
	"locale" text NOT NULL,
	"stem" text NOT NULL,
	"data" jsonb NOT NULL,
	"body_html" text,
	"checksum" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_collection_locale_stem_pk" PRIMARY KEY("collection","locale","stem")
);
