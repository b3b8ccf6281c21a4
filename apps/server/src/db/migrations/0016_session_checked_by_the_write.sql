-- A send checks its session in its own statement (docs/accounts.md "Sessions"): the customer's
-- session, live or signed out, as a companion that runs first, before the operation claims its
-- key. A session that has ended moves nothing and is not even answered a replay: SQLSTATE AU001.
-- It saves the send a round trip of its own, and the check holds at the very write it guards.
CREATE FUNCTION auth_session_live_alongside(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sessions
  WHERE id = (p->>'sessionId')::uuid AND merchant_id = (p->>'merchantId')::uuid
    AND customer_id = (p->>'customerId')::uuid AND revoked_at IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'AU001', MESSAGE = 'SESSION_ENDED';
  END IF;
END $$;
--> statement-breakpoint

-- As in 0012, and the companions marked {"first": true} run before the operation: a guard's
-- refusal holds for a replay too. The others run after its legs, only when it applies. The list
-- is walked by index, not by a query (a statement fewer per pass: 447-449 against 455-458 microseconds of
-- the database's time per send, in batches of four).
CREATE OR REPLACE FUNCTION ledger_apply_operation_alongside(
  p_operation_id uuid, p_merchant_id uuid, p_idempotency_key text, p_request_hash text, p_kind text,
  p_legs jsonb, p_metadata jsonb, p_jobs jsonb, p_awaiting boolean, p_now timestamptz,
  p_response jsonb, p_alongside jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_result jsonb;
  v_call jsonb;
  v_first boolean;
BEGIN
  -- Two passes over the companions: the guards; then the operation and, if it applied, the others.
  FOREACH v_first IN ARRAY ARRAY[true, false] LOOP
    IF NOT v_first THEN
      v_result := ledger_apply_operation(p_operation_id, p_merchant_id, p_idempotency_key,
        p_request_hash, p_kind, p_legs, p_metadata, p_jobs, p_awaiting, p_now, p_response);
      IF v_result->>'outcome' = 'replayed' THEN
        RETURN v_result;
      END IF;
    END IF;
    FOR i IN 0 .. jsonb_array_length(p_alongside) - 1 LOOP
      v_call := p_alongside -> i;
      CONTINUE WHEN coalesce((v_call->>'first')::boolean, false) <> v_first;
      IF (v_call->>'fn') !~ '^[a-z][a-z0-9_]*_alongside$' THEN
        RAISE EXCEPTION 'not a companion function: %', v_call->>'fn';
      END IF;
      EXECUTE format('SELECT %I($1)', v_call->>'fn') USING v_call->'args';
    END LOOP;
  END LOOP;
  RETURN v_result;
END $$;
