-- Stores an operation's response (and its final status) in the operation's transaction. The
-- merchant is named: the row is found by its key (merchant_id, id), on Citus in one shard, and the
-- call can be delegated to that merchant's worker (db/citus/distribute.ts).
CREATE OR REPLACE FUNCTION ledger_store_response(
  p_merchant_id uuid, p_operation_id uuid, p_response jsonb, p_status text DEFAULT 'completed'
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_stored jsonb;
BEGIN
  UPDATE ledger_operations SET response = p_response, status = p_status
  WHERE merchant_id = p_merchant_id AND id = p_operation_id
  RETURNING response INTO v_stored;
  RETURN v_stored;
END $$;
