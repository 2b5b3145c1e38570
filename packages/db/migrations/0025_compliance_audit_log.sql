CREATE TABLE "compliance_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"player_id" uuid,
	"details" jsonb NOT NULL,
	"ip" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "compliance_audit_log_player_idx" ON "compliance_audit_log" USING btree ("player_id","id");--> statement-breakpoint
-- The audit trail is append-only (docs/decisions/0024-audit-trail.md): sql/functions/compliance_audit_log_append_only.sql.
CREATE OR REPLACE FUNCTION compliance_audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'compliance_audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER compliance_audit_log_append_only BEFORE UPDATE OR DELETE ON "compliance_audit_log"
  FOR EACH ROW EXECUTE FUNCTION compliance_audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER compliance_audit_log_no_truncate BEFORE TRUNCATE ON "compliance_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION compliance_audit_log_append_only();
