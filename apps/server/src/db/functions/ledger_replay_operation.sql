-- The answer to a key that is already taken: the stored operation's response, or a refusal.
-- Read committed: this statement's fresh snapshot sees the operation that won the key.
CREATE OR REPLACE FUNCTION ledger_replay_operation(p_merchant_id uuid, p_idempotency_key text, p_request_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_existing ledger_operations%ROWTYPE;
BEGIN
  SELECT * INTO v_existing FROM ledger_operations
  WHERE merchant_id = p_merchant_id AND idempotency_key = p_idempotency_key;
  IF v_existing.request_hash IS DISTINCT FROM p_request_hash THEN
    PERFORM ledger_fail('IDEMPOTENCY_MISMATCH', jsonb_build_object('operationId', v_existing.id));
  END IF;
  IF v_existing.status = 'awaiting' THEN
    PERFORM ledger_fail('IN_PROGRESS', jsonb_build_object('operationId', v_existing.id));
  END IF;
  RETURN jsonb_build_object('outcome', 'replayed', 'operationId', v_existing.id, 'response', v_existing.response);
END $$;
