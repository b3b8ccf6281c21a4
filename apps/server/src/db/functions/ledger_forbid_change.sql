-- The ledger is append-only: transfers and entries never change or go, operations and accounts
-- are never deleted, and an operation's identity and final response never change.
CREATE OR REPLACE FUNCTION ledger_forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is not allowed: the ledger is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;

CREATE OR REPLACE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();
CREATE OR REPLACE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();
CREATE OR REPLACE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();
CREATE OR REPLACE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();
CREATE OR REPLACE TRIGGER ledger_operations_kept BEFORE DELETE OR TRUNCATE ON ledger_operations
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();
CREATE OR REPLACE TRIGGER ledger_accounts_kept BEFORE DELETE OR TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();

-- Only "awaiting -> completed" and the first storing of the response may update an operation.
-- The WHEN clause is evaluated without calling PL/pgSQL, so the common path costs nothing.
CREATE OR REPLACE TRIGGER ledger_operations_identity_fixed BEFORE UPDATE ON ledger_operations
  FOR EACH ROW WHEN (
    old.id <> new.id OR old.merchant_id <> new.merchant_id OR old.idempotency_key <> new.idempotency_key
    OR old.request_hash <> new.request_hash OR old.kind <> new.kind OR old.leg_count <> new.leg_count
    OR old.created_at <> new.created_at OR old.metadata <> new.metadata
    OR (old.status = 'completed' AND new.status <> 'completed')
    OR (old.status = 'completed' AND old.response IS NOT NULL AND new.response IS DISTINCT FROM old.response)
  ) EXECUTE FUNCTION ledger_forbid_change();
