-- Several one-statement operations (ledger_apply_operation_alongside, 0012) in one statement and
-- one commit: the server's write batcher (docs/ledger.md "Batched writes") sends the operations
-- that queued up while its previous statement ran. Only operations whose legs are posted
-- transfers between accounts named by id come here: every account of the batch is locked first,
-- in id order, as one operation locks its own; a batch locking operation by operation would hold
-- the first one's accounts while waiting for the next one's, and deadlock with a writer that
-- locks the other way round. Each operation then runs in its own subtransaction: one that is
-- refused (a ledger or companion refusal, a backstop) leaves no trace and its error is answered
-- in its slot; the others apply. A conflict (40001, 40P01) fails the whole statement, which the
-- caller retries whole. p_ops: [{args: [the 12 arguments of ledger_apply_operation_alongside]}].
CREATE FUNCTION ledger_apply_operations_alongside(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_op jsonb;
  v_a jsonb;
  v_out jsonb := '[]'::jsonb;
  v_state text;
  v_message text;
  v_detail text;
  v_constraint text;
  v_account uuid;
  v_merchant uuid;
BEGIN
  -- One index lookup per account (a join over the batch's JSON was planned as a scan of every
  -- account), in id order.
  FOR v_account, v_merchant IN
    SELECT DISTINCT (leg ->> side)::uuid, (op -> 'args' ->> 1)::uuid
    FROM jsonb_array_elements(p_ops) AS op,
      jsonb_array_elements(op -> 'args' -> 5) AS leg,
      (VALUES ('debit'), ('credit')) AS s(side)
    WHERE leg ->> side IS NOT NULL
    ORDER BY 1, 2
  LOOP
    PERFORM 1 FROM ledger_accounts WHERE id = v_account AND merchant_id = v_merchant FOR NO KEY UPDATE;
  END LOOP;
  FOR v_op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    v_a := v_op -> 'args';
    BEGIN
      v_out := v_out || jsonb_build_array(jsonb_build_object('r', ledger_apply_operation_alongside(
        (v_a ->> 0)::uuid, (v_a ->> 1)::uuid, v_a ->> 2, v_a ->> 3, v_a ->> 4, v_a -> 5, v_a -> 6,
        v_a -> 7, (v_a ->> 8)::boolean, (v_a ->> 9)::timestamptz, v_a -> 10, v_a -> 11)));
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT,
        v_detail = PG_EXCEPTION_DETAIL, v_constraint = CONSTRAINT_NAME;
      IF v_state IN ('40001', '40P01') THEN
        RAISE;
      END IF;
      v_out := v_out || jsonb_build_array(jsonb_build_object('error', jsonb_build_object(
        'code', v_state, 'message', v_message, 'detail', nullif(v_detail, ''),
        'constraint', nullif(v_constraint, ''))));
    END;
  END LOOP;
  RETURN v_out;
END $$;
