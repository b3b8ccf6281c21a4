-- A customer's unreleased usage of one operation after `p_day_ago` and after `p_month_ago`
-- (the 24-hour and 30-day windows, docs/kyc.md "Limits"), exact, and read in a bounded number of
-- rows whatever the customer's history: the newest running total, then the windows from it
-- (kyc_usage_windows.sql).
CREATE OR REPLACE FUNCTION kyc_usage_used(
  p_merchant_id uuid, p_customer_id uuid, p_operation_type text, p_day_ago timestamptz,
  p_month_ago timestamptz, OUT used_daily numeric, OUT used_monthly numeric
) LANGUAGE plpgsql STABLE SET enable_seqscan = off AS $$
DECLARE
  v_total numeric;
BEGIN
  SELECT u.running_total INTO v_total FROM kyc_usage u
    WHERE u.merchant_id = p_merchant_id AND u.customer_id = p_customer_id
      AND u.operation_type = p_operation_type
    ORDER BY u.running_total DESC LIMIT 1;
  IF v_total IS NULL THEN
    used_daily := 0;
    used_monthly := 0;
    RETURN;
  END IF;
  SELECT w.used_daily, w.used_monthly INTO used_daily, used_monthly
    FROM kyc_usage_windows(p_merchant_id, p_customer_id, p_operation_type, v_total, p_day_ago, p_month_ago) w;
END $$;
