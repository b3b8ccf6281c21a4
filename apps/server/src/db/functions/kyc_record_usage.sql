-- Records one operation's usage of the customer's limits, in the operation's transaction, after
-- the caller locked the customer's KYC row (kyc-limits.repository.ts): two operations of one
-- customer take turns, the second sees the first's usage. Answers 'recorded', 'repeated' (the
-- reference was recorded before: nothing changes) or 'refused' with the used amounts (nothing of
-- the call remains). Every statement has an index that fits it; sequential scans are off so
-- that a generic plan made while kyc_usage was small never reads the whole table.
CREATE OR REPLACE FUNCTION kyc_record_usage(
  p_id uuid, p_merchant_id uuid, p_customer_id uuid, p_operation_type text, p_amount numeric,
  p_currency text, p_reference text, p_now timestamptz, p_daily_limit numeric, p_monthly_limit numeric
) RETURNS jsonb LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_daily numeric;
  v_monthly numeric;
BEGIN
  INSERT INTO kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference, created_at)
    VALUES (p_id, p_merchant_id, p_customer_id, p_operation_type, p_amount, p_currency, p_reference, p_now)
    ON CONFLICT (merchant_id, reference) DO NOTHING;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'repeated');
  END IF;
  SELECT coalesce(sum(u.amount) FILTER (WHERE u.created_at > p_now - interval '24 hours'), 0),
         coalesce(sum(u.amount), 0)
    INTO v_daily, v_monthly
    FROM kyc_usage u
    WHERE u.merchant_id = p_merchant_id AND u.customer_id = p_customer_id
      AND u.operation_type = p_operation_type AND u.released_at IS NULL
      AND u.created_at > p_now - interval '720 hours' AND u.id <> p_id;
  IF v_daily + p_amount <= p_daily_limit AND v_monthly + p_amount <= p_monthly_limit THEN
    RETURN jsonb_build_object('outcome', 'recorded');
  END IF;
  DELETE FROM kyc_usage u WHERE u.id = p_id;
  RETURN jsonb_build_object('outcome', 'refused', 'usedDaily', v_daily::text, 'usedMonthly', v_monthly::text);
END $$;
