-- The usage's unique reference indexed reference first: the window's sum, by merchant and
-- customer, then has one index that starts with the merchant to choose. A generic plan made
-- while kyc_usage was small could otherwise take the reference's, and then read every usage row
-- of the merchant on every send (seen while measuring this migration, with the function made
-- before the bench filled the table: 0.3-0.5 ms a send).
DROP INDEX "kyc_usage_reference";--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_usage_reference" ON "kyc_usage" USING btree ("reference","merchant_id");--> statement-breakpoint

-- One function records a usage, as a companion of a ledger operation and on its own
-- (recordUsageSql): kyc_record_usage (0011, 0014) and its wrapper (0012) become one, without the
-- table function's call and result in between (12 of the 390 microseconds of database time a
-- send by phone takes in a batch of four). Same arguments (one JSON object), outcomes and order
-- of the checks: no_state and stale before repeated, repeated before refused. It answers
-- 'recorded' or 'repeated'; anything else raises SQLSTATE KY001 with the outcome as the message
-- and the stored level and status and the used amounts as the detail.
DROP FUNCTION kyc_record_usage_alongside(jsonb);--> statement-breakpoint
DROP FUNCTION kyc_record_usage(uuid, uuid, uuid, text, numeric, text, text, timestamptz, timestamptz,
  timestamptz, text, text, numeric, numeric, boolean);--> statement-breakpoint
CREATE FUNCTION kyc_record_usage_alongside(p jsonb) RETURNS text
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_id uuid := (p->>'id')::uuid;
  v_merchant uuid := (p->>'merchantId')::uuid;
  v_customer uuid := (p->>'customerId')::uuid;
  v_type text := p->>'operationType';
  v_amount numeric := (p->>'amount')::numeric;
  v_level text;
  v_status text;
  v_daily numeric := 0;
  v_monthly numeric := 0;
  v_outcome text;
BEGIN
  IF (p->>'create')::boolean THEN
    INSERT INTO kyc_customers (customer_id, merchant_id, level, status)
      VALUES (v_customer, v_merchant, p->>'level', p->>'status') ON CONFLICT DO NOTHING;
  END IF;
  -- Under the customer's lock: two usages of one customer take turns, the second sees the first.
  SELECT k.level, k.status INTO v_level, v_status FROM kyc_customers k
    WHERE k.customer_id = v_customer AND k.merchant_id = v_merchant FOR UPDATE;
  IF NOT FOUND THEN
    v_outcome := 'no_state';
  ELSIF v_level <> p->>'level' OR v_status <> p->>'status' THEN
    v_outcome := 'stale';
  ELSE
    -- Recorded first (the unique reference finds a repeat whatever the plan), summed without
    -- itself, and removed again if it is refused: nothing of a refused call remains.
    INSERT INTO kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference, created_at)
      VALUES (v_id, v_merchant, v_customer, v_type, v_amount, p->>'currency', p->>'reference',
        (p->>'now')::timestamptz)
      ON CONFLICT (merchant_id, reference) DO NOTHING;
    IF NOT FOUND THEN
      RETURN 'repeated';
    END IF;
    SELECT coalesce(sum(u.amount) FILTER (WHERE u.created_at > (p->>'dayAgo')::timestamptz), 0),
        coalesce(sum(u.amount), 0)
      INTO v_daily, v_monthly
      FROM kyc_usage u
      WHERE u.merchant_id = v_merchant AND u.customer_id = v_customer AND u.operation_type = v_type
        AND u.released_at IS NULL AND u.created_at > (p->>'monthAgo')::timestamptz AND u.id <> v_id;
    IF v_daily + v_amount <= (p->>'daily')::numeric AND v_monthly + v_amount <= (p->>'monthly')::numeric THEN
      RETURN 'recorded';
    END IF;
    DELETE FROM kyc_usage u WHERE u.id = v_id;
    v_outcome := 'refused';
  END IF;
  RAISE EXCEPTION USING ERRCODE = 'KY001', MESSAGE = v_outcome,
    DETAIL = jsonb_build_object('level', v_level, 'status', v_status,
      'usedDaily', v_daily::text, 'usedMonthly', v_monthly::text)::text;
END $$;
