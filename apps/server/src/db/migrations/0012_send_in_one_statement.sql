-- A money operation and the writes that go with it in one statement (docs/ledger.md "Companion
-- writes"): the ledger applies the legs, then, only if it applied them (not for a replay), calls
-- each companion `<name>_alongside(jsonb)` function of another module in order. No BEGIN/COMMIT
-- and no round trip per companion: a send by phone is one statement. A companion refuses by
-- raising; the whole statement, legs included, then rolls back.

-- The history's entries of one operation (the history module's insert, as a companion).
CREATE FUNCTION history_insert_alongside(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO history_entries (id, merchant_id, customer_id, operation_id, type, direction, status,
      currency, amount, fee, counterparty, details, created_at, updated_at)
    SELECT e.id, e.merchant_id, e.customer_id, e.operation_id, e.type, e.direction, e.status,
      e.currency, e.amount, e.fee, e.counterparty, coalesce(e.details, '{}'::jsonb), now(), now()
    FROM jsonb_to_recordset(p) AS e(id uuid, merchant_id uuid, customer_id uuid, operation_id uuid,
      type text, direction text, status text, currency text, amount numeric, fee numeric,
      counterparty text, details jsonb)
  ON CONFLICT (merchant_id, customer_id, operation_id) DO NOTHING;
END $$;
--> statement-breakpoint

-- KYC limit usage (kyc_record_usage, migration 0011) as a companion: anything but recorded or
-- repeated raises SQLSTATE KY001 with the outcome as the message and what the caller needs to
-- name the refusal (used amounts) or to check again (the stored level and status) as the detail.
CREATE FUNCTION kyc_record_usage_alongside(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  SELECT * INTO r FROM kyc_record_usage(
    (p->>'id')::uuid, (p->>'merchantId')::uuid, (p->>'customerId')::uuid, p->>'operationType',
    (p->>'amount')::numeric, p->>'currency', p->>'reference', (p->>'now')::timestamptz,
    (p->>'dayAgo')::timestamptz, (p->>'monthAgo')::timestamptz, p->>'level', p->>'status',
    (p->>'daily')::numeric, (p->>'monthly')::numeric, (p->>'create')::boolean);
  IF r.outcome NOT IN ('recorded', 'repeated') THEN
    RAISE EXCEPTION USING ERRCODE = 'KY001', MESSAGE = r.outcome,
      DETAIL = jsonb_build_object('level', r.level, 'status', r.status,
        'usedDaily', r.used_daily::text, 'usedMonthly', r.used_monthly::text)::text;
  END IF;
END $$;
--> statement-breakpoint

-- ledger_apply_operation (same arguments) and then its companions: p_alongside is a list of
-- {fn, args}; fn must name a `*_alongside` function (never text from a request).
CREATE FUNCTION ledger_apply_operation_alongside(
  p_operation_id uuid, p_merchant_id uuid, p_idempotency_key text, p_request_hash text, p_kind text,
  p_legs jsonb, p_metadata jsonb, p_jobs jsonb, p_awaiting boolean, p_now timestamptz,
  p_response jsonb, p_alongside jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_result jsonb;
  v_call jsonb;
BEGIN
  v_result := ledger_apply_operation(p_operation_id, p_merchant_id, p_idempotency_key, p_request_hash,
    p_kind, p_legs, p_metadata, p_jobs, p_awaiting, p_now, p_response);
  IF v_result->>'outcome' = 'replayed' THEN
    RETURN v_result;
  END IF;
  FOR v_call IN SELECT value FROM jsonb_array_elements(p_alongside) LOOP
    IF (v_call->>'fn') !~ '^[a-z][a-z0-9_]*_alongside$' THEN
      RAISE EXCEPTION 'not a companion function: %', v_call->>'fn';
    END IF;
    EXECUTE format('SELECT %I($1)', v_call->>'fn') USING v_call->'args';
  END LOOP;
  RETURN v_result;
END $$;
