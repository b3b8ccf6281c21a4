-- The ledger's one write path. Claims the idempotency key, applies the legs (ledger_apply_legs).
-- Jobs are enqueued by their callers (jobs/enqueue.ts), not here. With p_response the response is stored with the operation;
-- without, the caller builds it from the result and stores it with ledger_store_response, in the
-- same transaction. It runs inside the use-case's transaction: what else the use-case writes
-- commits with it or not at all.
CREATE OR REPLACE FUNCTION ledger_apply_operation(
  p_operation_id uuid, p_merchant_id uuid, p_idempotency_key text, p_request_hash text, p_kind text,
  p_legs jsonb, p_metadata jsonb DEFAULT '{}', p_awaiting boolean DEFAULT false,
  p_now timestamptz DEFAULT NULL, p_response jsonb DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := coalesce(p_now, now());
  v_n integer := CASE WHEN jsonb_typeof(p_legs) = 'array' THEN jsonb_array_length(p_legs) END;
  v_result jsonb;
BEGIN
  IF v_n IS NULL OR v_n < 1 OR v_n > 100 THEN
    PERFORM ledger_fail('INVALID_LEGS');
  END IF;
  -- A first attempt still in flight holds the key's index entry until it commits or rolls back:
  -- this insert waits for it, then claims the key (it rolled back) or replays its answer.
  INSERT INTO ledger_operations
    (id, merchant_id, idempotency_key, request_hash, kind, status, leg_count, metadata, created_at, response)
  VALUES
    (p_operation_id, p_merchant_id, p_idempotency_key, p_request_hash, p_kind,
     CASE WHEN p_awaiting THEN 'awaiting' ELSE 'completed' END, v_n, coalesce(p_metadata, '{}'), v_now, p_response)
  ON CONFLICT (merchant_id, idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    RETURN ledger_replay_operation(p_merchant_id, p_idempotency_key, p_request_hash);
  END IF;

  v_result := ledger_apply_legs(p_operation_id, p_merchant_id, p_legs, v_now, p_response IS NULL);

  RETURN coalesce(v_result, '{}'::jsonb) || jsonb_build_object(
    'outcome', 'applied', 'operationId', p_operation_id, 'createdAt', v_now, 'response', p_response);
END $$;
