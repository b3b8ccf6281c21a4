-- A positive integer count of minor units, given as a decimal string (never a float).
CREATE OR REPLACE FUNCTION ledger_parse_amount(p_text text, p_leg integer) RETURNS numeric
LANGUAGE plpgsql AS $$
BEGIN
  IF p_text IS NULL OR p_text !~ '^[0-9]{1,39}$' OR p_text::numeric = 0 THEN
    PERFORM ledger_fail('INVALID_AMOUNT', jsonb_build_object('leg', p_leg));
  END IF;
  RETURN p_text::numeric(39, 0);
END $$;
