-- Locks the customer's KYC row and records one operation's usage of their limits, in the
-- operation's transaction, as one statement (a round trip less per money operation than a lock
-- and a record). The lock lasts until the transaction ends: two operations of one customer take
-- turns, the second sees the first's usage, and a review changing the level waits for them.
-- On Citus they take turns only because the transaction wrote before this lock (the frame's
-- session check): a FOR UPDATE alone does not hold a shard group across a move (docs/scaling.md).
-- Answers 'missing' (no KYC row: nothing done); 'repeated' (the reference was recorded before:
-- nothing changes); or 'recorded' with what the 24-hour and 30-day windows held before this usage.
-- Every answer but 'missing' carries the locked row's level and status. The caller judges them and
-- the limit (kyc-limits.ts) and, refusing, rolls the whole transaction back, this usage with it.
-- The windows are read from running totals (kyc_usage_windows.sql, from the total the insert
-- answers: the newest usage is read once here, and once by the insert's trigger, which keeps the
-- chain's rule whoever inserts): a bounded number of rows, however
-- many operations the customer made. Every statement has an index that fits it; sequential scans
-- are off so that a generic plan made while kyc_usage was small never reads the whole table.
CREATE OR REPLACE FUNCTION kyc_record_usage(
  p_id uuid, p_merchant_id uuid, p_customer_id uuid, p_operation_type text, p_amount numeric,
  p_currency text, p_reference text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_level text;
  v_status text;
  v_daily numeric;
  v_monthly numeric;
  v_newest timestamptz;
  v_total numeric;
BEGIN
  SELECT k.level, k.status INTO v_level, v_status FROM kyc_customers k
    WHERE k.customer_id = p_customer_id AND k.merchant_id = p_merchant_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'missing');
  END IF;
  -- The newest usage may carry a later time (another instance's clock): this one is not older.
  -- Read before the insert, under the row lock (no usage of this customer can come between);
  -- Citus refuses a subquery inside INSERT ... VALUES (docs/scaling.md).
  SELECT u.created_at INTO v_newest FROM kyc_usage u
    WHERE u.merchant_id = p_merchant_id AND u.customer_id = p_customer_id
      AND u.operation_type = p_operation_type
    ORDER BY u.running_total DESC LIMIT 1;
  INSERT INTO kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference, created_at)
    VALUES (p_id, p_merchant_id, p_customer_id, p_operation_type, p_amount, p_currency, p_reference,
            greatest(p_now, v_newest))
    ON CONFLICT (merchant_id, reference) DO NOTHING
    RETURNING running_total INTO v_total;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'repeated', 'level', v_level, 'status', v_status);
  END IF;
  -- The windows with this usage in them (its time is after both starts), less its amount.
  SELECT w.used_daily - p_amount, w.used_monthly - p_amount INTO v_daily, v_monthly
    FROM kyc_usage_windows(p_merchant_id, p_customer_id, p_operation_type, v_total,
                           p_now - interval '24 hours', p_now - interval '720 hours') w;
  RETURN jsonb_build_object('outcome', 'recorded', 'level', v_level, 'status', v_status,
                            'usedDaily', v_daily::text, 'usedMonthly', v_monthly::text);
END $$;
