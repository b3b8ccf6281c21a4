-- The companions of a ledger operation (0012, 0016) called by a static call instead of EXECUTE.
-- An EXECUTE is parsed and planned again at every call: three companions a send cost about
-- 50 of the 440 microseconds of database time a send by phone takes in a batch of four
-- (docs/ledger.md "Performance"). `ledger_call_companion` is the one place that names the
-- modules' companion functions, as the server's services.ts names its modules; a companion
-- not listed here still works, called by name (EXECUTE) as before. A test keeps the list
-- complete (ledger.alongside.test).
CREATE FUNCTION ledger_call_companion(p_fn text, p_args jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  CASE p_fn
    WHEN 'auth_session_live_alongside' THEN PERFORM auth_session_live_alongside(p_args);
    WHEN 'kyc_record_usage_alongside' THEN PERFORM kyc_record_usage_alongside(p_args);
    WHEN 'history_insert_alongside' THEN PERFORM history_insert_alongside(p_args);
    ELSE
      IF p_fn !~ '^[a-z][a-z0-9_]*_alongside$' THEN
        RAISE EXCEPTION 'not a companion function: %', p_fn;
      END IF;
      EXECUTE format('SELECT %I($1)', p_fn) USING p_args;
  END CASE;
END $$;
--> statement-breakpoint

-- As in 0016, each companion through ledger_call_companion.
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
      PERFORM ledger_call_companion(v_call->>'fn', v_call->'args');
    END LOOP;
  END LOOP;
  RETURN v_result;
END $$;
