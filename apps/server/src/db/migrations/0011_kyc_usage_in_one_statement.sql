-- A money operation's KYC limit usage, checked and recorded in one statement (docs/kyc.md
-- "Limits"), so that it can run inside the operation's own ledger transaction: the usage commits
-- or rolls back with the money, and a send costs one round trip for its limits instead of a
-- transaction of its own.
--
-- Under the customer's KYC row lock (two operations of one customer take turns; others never
-- wait) it compares the state the caller checked its limits against with the stored one, then
-- sums the unreleased usage of the last 24 hours and 30 days and records `p_amount` only if both
-- windows still have room. The outcome tells the caller what to do:
--   recorded  - the usage is recorded;                       repeated - this reference was recorded before;
--   refused   - a window has no room (used_* say how much is used: the caller names the limit);
--   stale     - the stored level/status differ from p_level/p_status (returned: check again with them);
--   no_state  - the customer has no KYC row yet (p_create: make it with p_level/p_status first).
-- PL/pgSQL: each statement below takes a new snapshot (read committed), so the sums include
-- whatever the previous lock holder committed. Its plans are made for each call's own values
-- (force_custom_plan): a generic plan cached while kyc_usage was still small would scan the
-- whole table for ever after.
CREATE FUNCTION kyc_record_usage(
  p_id uuid, p_merchant_id uuid, p_customer_id uuid, p_operation_type text, p_amount numeric,
  p_currency text, p_reference text, p_now timestamptz, p_day_ago timestamptz,
  p_month_ago timestamptz, p_level text, p_status text, p_daily_limit numeric,
  p_monthly_limit numeric, p_create boolean)
RETURNS TABLE (outcome text, level text, status text, used_daily numeric, used_monthly numeric)
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
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
  IF EXISTS (SELECT 1 FROM kyc_usage u WHERE u.merchant_id = p_merchant_id AND u.reference = p_reference) THEN
    RETURN QUERY SELECT 'repeated'::text, v_level, v_status, 0::numeric, 0::numeric;
    RETURN;
  END IF;
  SELECT coalesce(sum(u.amount) FILTER (WHERE u.created_at > p_day_ago), 0), coalesce(sum(u.amount), 0)
    INTO v_daily, v_monthly
    FROM kyc_usage u
    WHERE u.merchant_id = p_merchant_id AND u.customer_id = p_customer_id
      AND u.operation_type = p_operation_type AND u.released_at IS NULL AND u.created_at > p_month_ago;
  IF v_daily + p_amount > p_daily_limit OR v_monthly + p_amount > p_monthly_limit THEN
    RETURN QUERY SELECT 'refused'::text, v_level, v_status, v_daily, v_monthly;
    RETURN;
  END IF;
  INSERT INTO kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference, created_at)
    VALUES (p_id, p_merchant_id, p_customer_id, p_operation_type, p_amount, p_currency, p_reference, p_now);
  RETURN QUERY SELECT 'recorded'::text, v_level, v_status, v_daily, v_monthly;
END $$;
