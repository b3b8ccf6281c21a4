-- Every status an operation's history entry takes is appended to history_status_changes, by
-- whatever code writes the entry, in its transaction (docs/backoffice.md "Operations"). The log
-- is never changed or removed.
CREATE OR REPLACE FUNCTION history_status_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status THEN
    -- clock_timestamp(): two changes in one transaction keep their order in time too.
    INSERT INTO history_status_changes (merchant_id, operation_id, customer_id, direction, status, at)
    VALUES (NEW.merchant_id, NEW.operation_id, NEW.customer_id, NEW.direction, NEW.status, clock_timestamp());
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER history_entries_status_log AFTER INSERT OR UPDATE OF status ON history_entries
  FOR EACH ROW EXECUTE FUNCTION history_status_log();

CREATE OR REPLACE FUNCTION history_status_changes_forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is not allowed: the status log is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;

CREATE OR REPLACE TRIGGER history_status_changes_append_only BEFORE UPDATE OR DELETE ON history_status_changes
  FOR EACH STATEMENT EXECUTE FUNCTION history_status_changes_forbid_change();
CREATE OR REPLACE TRIGGER history_status_changes_no_truncate BEFORE TRUNCATE ON history_status_changes
  FOR EACH STATEMENT EXECUTE FUNCTION history_status_changes_forbid_change();
