CREATE TABLE "content_items_version" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_items_version_singleton" CHECK ("content_items_version"."singleton")
);
--> statement-breakpoint
INSERT INTO "content_items_version" ("singleton", "version") VALUES (true, 0);--> statement-breakpoint
CREATE FUNCTION content_items_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE content_items_version SET version = version + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER content_items_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_items"
  FOR EACH STATEMENT EXECUTE FUNCTION content_items_changed();
