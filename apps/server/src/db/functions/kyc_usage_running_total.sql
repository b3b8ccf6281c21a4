-- Each usage row carries the customer's running total for its operation (docs/kyc.md "Limits"):
-- the newest row's total plus its amount. Rows are appended in time order per customer and
-- operation, so a window's usage is two totals apart (kyc_usage_used.sql) instead of a sum over
-- every row of the window. Writers take the customer's KYC row lock first (kyc-limits.ts), so the
-- newest row cannot change under an insert; were two inserts to race anyway, the unique index
-- kyc_usage_total refuses the second instead of letting two rows share a total.
-- A row older than the customer's newest would break the order the windows rely on: refused.
CREATE OR REPLACE FUNCTION kyc_usage_running_total() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off AS $$
DECLARE
  v_total numeric;
  v_at timestamptz;
BEGIN
  SELECT u.running_total, u.created_at INTO v_total, v_at FROM kyc_usage u
    WHERE u.merchant_id = NEW.merchant_id AND u.customer_id = NEW.customer_id
      AND u.operation_type = NEW.operation_type
    ORDER BY u.running_total DESC LIMIT 1;
  IF v_at IS NOT NULL AND NEW.created_at < v_at THEN
    RAISE EXCEPTION 'kyc_usage of a customer is appended in time order: % is before %', NEW.created_at, v_at
      USING ERRCODE = 'check_violation';
  END IF;
  NEW.running_total := coalesce(v_total, 0) + NEW.amount;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER kyc_usage_running_total BEFORE INSERT ON kyc_usage
  FOR EACH ROW EXECUTE FUNCTION kyc_usage_running_total();

-- A row's amount, time and place in the chain never change (a release only sets released_at).
CREATE OR REPLACE FUNCTION kyc_usage_chain_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'kyc_usage: amount, time and running total never change' USING ERRCODE = 'restrict_violation';
END $$;

CREATE OR REPLACE TRIGGER kyc_usage_chain_fixed BEFORE UPDATE ON kyc_usage
  FOR EACH ROW WHEN (
    old.amount <> new.amount OR old.created_at <> new.created_at OR old.running_total <> new.running_total
    OR old.merchant_id <> new.merchant_id OR old.customer_id <> new.customer_id
    OR old.operation_type <> new.operation_type
  ) EXECUTE FUNCTION kyc_usage_chain_fixed();
