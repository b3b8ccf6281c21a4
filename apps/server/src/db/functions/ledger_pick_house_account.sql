-- A house account is split into shards so that no single row serialises a merchant's traffic;
-- each leg picks one at random (reports sum them). PL/pgSQL keeps its plan for the session.
CREATE OR REPLACE FUNCTION ledger_pick_house_account(p_merchant_id uuid, p_kind text, p_currency text)
RETURNS uuid LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT id FROM ledger_accounts
          WHERE merchant_id = p_merchant_id AND owner_id IS NULL AND kind = p_kind AND currency = p_currency
          ORDER BY random() LIMIT 1);
END $$;
