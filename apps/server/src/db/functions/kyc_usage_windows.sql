-- A customer's unreleased usage of one operation after `p_day_ago` and after `p_month_ago` (the
-- 24-hour and 30-day windows, docs/kyc.md "Limits"), given their newest running total
-- (kyc_usage_running_total.sql): that total, less the total of the last row at or before each
-- window's start, less the released usage inside the windows (refunded operations only: read by
-- their own partial index). A bounded number of rows, whatever the customer's history.
-- Called by kyc_usage_used (which reads the newest total) and by kyc_record_usage (which has it
-- from its insert): both run with sequential scans off, and the plans made here follow them.
CREATE OR REPLACE FUNCTION kyc_usage_windows(
  p_merchant_id uuid, p_customer_id uuid, p_operation_type text, p_total numeric,
  p_day_ago timestamptz, p_month_ago timestamptz, OUT used_daily numeric, OUT used_monthly numeric
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_before_day numeric;
  v_before_month numeric;
  v_released_day numeric;
  v_released_month numeric;
BEGIN
  SELECT u.running_total INTO v_before_day FROM kyc_usage u
    WHERE u.merchant_id = p_merchant_id AND u.customer_id = p_customer_id
      AND u.operation_type = p_operation_type AND u.created_at <= p_day_ago
    ORDER BY u.created_at DESC, u.running_total DESC LIMIT 1;
  SELECT u.running_total INTO v_before_month FROM kyc_usage u
    WHERE u.merchant_id = p_merchant_id AND u.customer_id = p_customer_id
      AND u.operation_type = p_operation_type AND u.created_at <= p_month_ago
    ORDER BY u.created_at DESC, u.running_total DESC LIMIT 1;
  SELECT coalesce(sum(u.amount) FILTER (WHERE u.created_at > p_day_ago), 0), coalesce(sum(u.amount), 0)
    INTO v_released_day, v_released_month FROM kyc_usage u
    WHERE u.merchant_id = p_merchant_id AND u.customer_id = p_customer_id
      AND u.operation_type = p_operation_type AND u.released_at IS NOT NULL AND u.created_at > p_month_ago;
  used_daily := p_total - coalesce(v_before_day, 0) - v_released_day;
  used_monthly := p_total - coalesce(v_before_month, 0) - v_released_month;
END $$;
