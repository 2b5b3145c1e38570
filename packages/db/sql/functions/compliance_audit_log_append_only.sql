-- Refuses any change to the compliance audit trail but an INSERT: row triggers for UPDATE and DELETE and
-- a statement trigger for TRUNCATE on compliance_audit_log (created in migration 0025) call it, whoever
-- writes. Only the table's owner disabling the trigger gets past it, and the hash chain shows that.
CREATE OR REPLACE FUNCTION compliance_audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'compliance_audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
