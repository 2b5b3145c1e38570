CREATE TABLE "experiments_version" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "experiments_version_singleton" CHECK ("experiments_version"."singleton")
);
--> statement-breakpoint
INSERT INTO "experiments_version" ("singleton", "version") VALUES (true, 0);--> statement-breakpoint
CREATE FUNCTION experiments_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE experiments_version SET version = version + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER experiments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "experiments"
  FOR EACH STATEMENT EXECUTE FUNCTION experiments_changed();
