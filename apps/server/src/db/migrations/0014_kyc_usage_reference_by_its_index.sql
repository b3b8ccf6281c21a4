-- kyc_record_usage (0011, 0013) with its "repeated" check made by the INSERT itself.
-- Its EXISTS lookup by (merchant, reference) had two indexes that start with the merchant: the
-- reference's unique one and the customer's window. In a generic plan made while kyc_usage was
-- small (or analysed empty, as on a fresh database) both cost the same and the planner could take
-- the window's, which then read every usage row of the merchant on every send until the next
-- ANALYZE (found in bench:ledger: 1 ms a send, a quarter of the send's statement). An INSERT
-- ... ON CONFLICT probes the unique index itself, whatever the plan: the usage is recorded first
-- (under the customer's lock, as before), the windows are summed without it, and a refusal
-- deletes it again in the same statement, so nothing of a refused call remains.
-- Outcomes, arguments and the order of the checks are unchanged: stale and no_state before
-- repeated, repeated before refused.
CREATE OR REPLACE FUNCTION kyc_record_usage(
  p_id uuid, p_merchant_id uuid, p_customer_id uuid, p_operation_type text, p_amount numeric,
  p_currency text, p_reference text, p_now timestamptz, p_day_ago timestamptz,
  p_month_ago timestamptz, p_level text, p_status text, p_daily_limit numeric,
  p_monthly_limit numeric, p_create boolean)
RETURNS TABLE (outcome text, level text, status text, used_daily numeric, used_monthly numeric)
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_level text;
  v_status text;
  v_daily numeric;
  v_monthly numeric;
BEGIN
  IF p_create THEN
    INSERT INTO kyc_customers (customer_id, merchant_id, level, status)
      VALUES (p_customer_id, p_merchant_id, p_level, p_status) ON CONFLICT DO NOTHING;
  END IF;
  SELECT k.level, k.status INTO v_level, v_status FROM kyc_customers k
    WHERE k.customer_id = p_customer_id AND k.merchant_id = p_merchant_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_state'::text, NULL::text, NULL::text, 0::numeric, 0::numeric;
    RETURN;
  END IF;
  IF v_level <> p_level OR v_status <> p_status THEN
    RETURN QUERY SELECT 'stale'::text, v_level, v_status, 0::numeric, 0::numeric;
    RETURN;
  END IF;
  INSERT INTO kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference, created_at)
    VALUES (p_id, p_merchant_id, p_customer_id, p_operation_type, p_amount, p_currency, p_reference, p_now)
    ON CONFLICT (merchant_id, reference) DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'repeated'::text, v_level, v_status, 0::numeric, 0::numeric;
    RETURN;
  END IF;
  SELECT coalesce(sum(u.amount) FILTER (WHERE u.created_at > p_day_ago), 0), coalesce(sum(u.amount), 0)
    INTO v_daily, v_monthly
    FROM kyc_usage u
    WHERE u.merchant_id = p_merchant_id AND u.customer_id = p_customer_id
      AND u.operation_type = p_operation_type AND u.released_at IS NULL AND u.created_at > p_month_ago
      AND u.id <> p_id;
  IF v_daily + p_amount > p_daily_limit OR v_monthly + p_amount > p_monthly_limit THEN
    DELETE FROM kyc_usage u WHERE u.id = p_id;
    RETURN QUERY SELECT 'refused'::text, v_level, v_status, v_daily, v_monthly;
    RETURN;
  END IF;
  RETURN QUERY SELECT 'recorded'::text, v_level, v_status, v_daily, v_monthly;
END $$;
