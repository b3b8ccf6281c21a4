-- A refusal a caller can act on: SQLSTATE LD000, the code as MESSAGE, a JSON object as DETAIL.
-- The ledger service turns it into a typed error (ledger.db-errors.ts).
CREATE OR REPLACE FUNCTION ledger_fail(p_code text, p_detail jsonb DEFAULT '{}') RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'LD000', MESSAGE = p_code, DETAIL = coalesce(p_detail, '{}')::text;
END $$;
