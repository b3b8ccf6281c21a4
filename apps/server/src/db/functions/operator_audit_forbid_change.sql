-- The operators' audit trail is append-only: an entry is never changed or removed, by the
-- application or by anyone with its credentials (docs/backoffice.md "Audit trail").
CREATE OR REPLACE FUNCTION operator_audit_forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is not allowed: the audit trail is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;

CREATE OR REPLACE TRIGGER operator_audit_append_only BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_forbid_change();
CREATE OR REPLACE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_forbid_change();
