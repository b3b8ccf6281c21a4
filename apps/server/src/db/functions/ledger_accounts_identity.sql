-- An account's merchant, owner, kind, currency and shard are fixed when it is created (the
-- CHECKs ledger_accounts_kind and ledger_accounts_shard say which combinations exist).
CREATE OR REPLACE FUNCTION ledger_accounts_identity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the identity of ledger account % (merchant, owner, kind, currency, shard) never changes', OLD.id
    USING ERRCODE = 'restrict_violation';
END $$;

CREATE OR REPLACE TRIGGER ledger_accounts_identity
  BEFORE UPDATE OF id, merchant_id, owner_id, kind, currency, shard ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_identity();
