-- Claims an idempotency key for an operation without legs (the idempotency service).
-- NULL: the key is ours. Otherwise ledger_replay_operation's answer.
CREATE OR REPLACE FUNCTION ledger_claim_operation(
  p_operation_id uuid, p_merchant_id uuid, p_idempotency_key text, p_request_hash text, p_kind text,
  p_leg_count integer, p_metadata jsonb, p_awaiting boolean, p_now timestamptz, p_response jsonb DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  -- A first attempt still in flight holds the key's index entry until it commits or rolls back:
  -- this insert waits for it, then claims the key (it rolled back) or finds its stored operation.
  INSERT INTO ledger_operations
    (id, merchant_id, idempotency_key, request_hash, kind, status, leg_count, metadata, created_at, response)
  VALUES
    (p_operation_id, p_merchant_id, p_idempotency_key, p_request_hash, p_kind,
     CASE WHEN p_awaiting THEN 'awaiting' ELSE 'completed' END, p_leg_count,
     coalesce(p_metadata, '{}'), coalesce(p_now, now()), p_response)
  ON CONFLICT (merchant_id, idempotency_key) DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  RETURN ledger_replay_operation(p_merchant_id, p_idempotency_key, p_request_hash);
END $$;
