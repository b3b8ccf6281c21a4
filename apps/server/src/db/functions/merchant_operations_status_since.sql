-- When an operation's switch (NONE, MAINTENANCE, DISABLED) last changed, whoever changed it: the
-- back-office, a script or a test's UPDATE. /v2/status says "in maintenance since" from it
-- (docs/status.md). Other edits of the row (KYC levels) leave it as it was.
CREATE OR REPLACE FUNCTION merchant_operations_status_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.operation_constraint IS DISTINCT FROM NEW.operation_constraint THEN
    NEW.status_since := now();
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER merchant_operations_status_since BEFORE UPDATE OF operation_constraint ON merchant_operations
  FOR EACH ROW EXECUTE FUNCTION merchant_operations_status_since();
