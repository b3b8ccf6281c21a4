-- Stores an operation's response (and its final status) in the operation's transaction.
CREATE OR REPLACE FUNCTION ledger_store_response(p_operation_id uuid, p_response jsonb, p_status text DEFAULT 'completed')
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_stored jsonb;
BEGIN
  UPDATE ledger_operations SET response = p_response, status = p_status WHERE id = p_operation_id
  RETURNING response INTO v_stored;
  RETURN v_stored;
END $$;
