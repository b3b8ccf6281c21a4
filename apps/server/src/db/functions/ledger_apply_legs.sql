-- The one path that applies legs: any number of legs of any type, for ledger_apply_operation
-- once it has claimed the key. Returns the transfers and the touched accounts after them
-- (p_want_result).
CREATE OR REPLACE FUNCTION ledger_apply_legs(
  p_operation_id uuid, p_merchant_id uuid, p_legs jsonb, p_now timestamptz, p_want_result boolean
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := p_now;
  v_n integer := jsonb_array_length(p_legs);
  v_leg jsonb;
  v_pending ledger_transfers%ROWTYPE;
  v_seconds integer;
  v_has_resolution boolean := false;
  i integer;
  d integer;
  c integer;
  -- The legs, by position.
  l_id uuid[]; l_type text[]; l_debit uuid[]; l_credit uuid[]; l_currency text[]; l_amount numeric[];
  l_pending_id uuid[]; l_pending_amount numeric[]; l_timeout timestamptz[];
  -- The touched accounts, locked, in id order: posted (p) and pending (q) debit/credit counters.
  a_id uuid[]; a_currency text[]; a_closed boolean[]; a_no_overdraft boolean[];
  a_dp numeric[]; a_cp numeric[]; a_dq numeric[]; a_cq numeric[]; a_version bigint[];
  -- The entries to write: one per leg and side, with the counters after it.
  e_account uuid[] := '{}'; e_version bigint[] := '{}'; e_transfer uuid[] := '{}'; e_side text[] := '{}';
  e_dp numeric[] := '{}'; e_cp numeric[] := '{}'; e_dq numeric[] := '{}'; e_cq numeric[] := '{}';
  -- One account's counters, for its UPDATE.
  v_dp numeric; v_cp numeric; v_dq numeric; v_cq numeric; v_version bigint;
BEGIN
  -- Filled position by position below: start from arrays of NULLs so that every array has
  -- exactly v_n elements from subscript 1.
  l_id := array_fill(NULL::uuid, ARRAY[v_n]); l_type := array_fill(NULL::text, ARRAY[v_n]);
  l_debit := l_id; l_credit := l_id; l_pending_id := l_id; l_currency := l_type;
  l_amount := array_fill(NULL::numeric, ARRAY[v_n]); l_pending_amount := l_amount;
  l_timeout := array_fill(NULL::timestamptz, ARRAY[v_n]);

  -- 1. Every leg becomes two concrete accounts, a currency and an amount.
  FOR i IN 1..v_n LOOP
    v_leg := p_legs -> (i - 1);
    l_id[i] := (v_leg ->> 'id')::uuid;
    l_type[i] := v_leg ->> 'type';
    IF l_type[i] IN ('posted', 'pending') THEN
      l_currency[i] := v_leg ->> 'currency';
      l_amount[i] := ledger_parse_amount(v_leg ->> 'amount', i - 1);
      l_debit[i] := CASE WHEN v_leg ->> 'debitHouse' IS NOT NULL
        THEN ledger_pick_house_account(p_merchant_id, v_leg ->> 'debitHouse', l_currency[i])
        ELSE (v_leg ->> 'debit')::uuid END;
      l_credit[i] := CASE WHEN v_leg ->> 'creditHouse' IS NOT NULL
        THEN ledger_pick_house_account(p_merchant_id, v_leg ->> 'creditHouse', l_currency[i])
        ELSE (v_leg ->> 'credit')::uuid END;
      IF l_debit[i] IS NULL OR l_credit[i] IS NULL THEN
        PERFORM ledger_fail('ACCOUNT_NOT_FOUND', jsonb_build_object('leg', i - 1));
      END IF;
      IF l_type[i] = 'pending' THEN
        v_seconds := (v_leg ->> 'timeoutSeconds')::integer;
        IF v_seconds IS NULL OR v_seconds < 1 OR v_seconds > 31 * 86400 THEN
          PERFORM ledger_fail('INVALID_TIMEOUT', jsonb_build_object('leg', i - 1));
        END IF;
        l_timeout[i] := v_now + make_interval(secs => v_seconds);
      END IF;
    ELSIF l_type[i] IN ('post_pending', 'void_pending', 'expire_pending') THEN
      v_has_resolution := true;
      -- Transfers are immutable: reading the reservation needs no lock.
      SELECT * INTO v_pending FROM ledger_transfers
      WHERE id = (v_leg ->> 'pendingId')::uuid AND merchant_id = p_merchant_id AND type = 'pending';
      IF NOT FOUND THEN
        PERFORM ledger_fail('PENDING_NOT_FOUND', jsonb_build_object('leg', i - 1, 'pendingId', v_leg ->> 'pendingId'));
      END IF;
      l_pending_id[i] := v_pending.id;
      l_debit[i] := v_pending.debit_account_id;
      l_credit[i] := v_pending.credit_account_id;
      l_currency[i] := v_pending.currency;
      l_pending_amount[i] := v_pending.amount;
      l_amount[i] := v_pending.amount;
      IF l_type[i] = 'post_pending' AND v_leg ->> 'amount' IS NOT NULL THEN
        l_amount[i] := ledger_parse_amount(v_leg ->> 'amount', i - 1);
        IF l_amount[i] > v_pending.amount THEN
          PERFORM ledger_fail('AMOUNT_EXCEEDS_PENDING', jsonb_build_object('leg', i - 1, 'pendingId', v_pending.id));
        END IF;
      END IF;
      l_timeout[i] := v_pending.timeout_at;
    ELSE
      PERFORM ledger_fail('INVALID_LEGS', jsonb_build_object('leg', i - 1));
    END IF;
    IF l_debit[i] = l_credit[i] THEN
      PERFORM ledger_fail('SAME_ACCOUNT', jsonb_build_object('leg', i - 1));
    END IF;
  END LOOP;

  -- 2. Lock the touched accounts in id order: operations sharing accounts queue up in one order
  -- and never deadlock. Another merchant's account is not found, and is not locked.
  SELECT array_agg(id ORDER BY id), array_agg(currency ORDER BY id), array_agg(closed ORDER BY id),
         array_agg(owner_id IS NOT NULL OR debits_must_not_exceed_credits ORDER BY id),
         array_agg(debits_posted ORDER BY id), array_agg(credits_posted ORDER BY id),
         array_agg(debits_pending ORDER BY id), array_agg(credits_pending ORDER BY id),
         array_agg(version ORDER BY id)
    INTO a_id, a_currency, a_closed, a_no_overdraft, a_dp, a_cp, a_dq, a_cq, a_version
    FROM (SELECT * FROM ledger_accounts
          WHERE id = ANY (l_debit || l_credit) AND merchant_id = p_merchant_id
          ORDER BY id FOR NO KEY UPDATE) AS locked;
  IF coalesce(array_length(a_id, 1), 0) < (SELECT count(DISTINCT x) FROM unnest(l_debit || l_credit) AS x) THEN
    PERFORM ledger_fail('ACCOUNT_NOT_FOUND', jsonb_build_object('accountId',
      (SELECT x FROM unnest(l_debit || l_credit) AS x WHERE NOT x = ANY (coalesce(a_id, '{}')) LIMIT 1)));
  END IF;

  -- 3. A reservation resolves at most once. Checked under the locks: a concurrent resolution of
  -- the same reservation held these accounts until it committed, so this statement sees it.
  IF v_has_resolution AND (
       EXISTS (SELECT 1 FROM ledger_transfers WHERE merchant_id = p_merchant_id AND pending_id = ANY (l_pending_id))
       OR (SELECT count(x) <> count(DISTINCT x) FROM unnest(l_pending_id) AS x)) THEN
    PERFORM ledger_fail('PENDING_ALREADY_RESOLVED');
  END IF;
  -- A reservation is posted or voided before its deadline, and expires only after it.
  FOR i IN 1..CASE WHEN v_has_resolution THEN v_n ELSE 0 END LOOP
    IF l_type[i] = 'expire_pending' AND v_now < l_timeout[i] THEN
      PERFORM ledger_fail('PENDING_NOT_EXPIRED', jsonb_build_object('leg', i - 1, 'pendingId', l_pending_id[i]));
    ELSIF l_type[i] IN ('post_pending', 'void_pending') AND v_now >= l_timeout[i] THEN
      PERFORM ledger_fail('PENDING_EXPIRED', jsonb_build_object('leg', i - 1, 'pendingId', l_pending_id[i]));
    END IF;
  END LOOP;

  -- 4. Apply the legs in order, checking the accounts' rules after each one.
  FOR i IN 1..v_n LOOP
    d := array_position(a_id, l_debit[i]);
    c := array_position(a_id, l_credit[i]);
    IF a_currency[d] IS DISTINCT FROM l_currency[i] OR a_currency[c] IS DISTINCT FROM l_currency[i] THEN
      PERFORM ledger_fail('CURRENCY_MISMATCH', jsonb_build_object('leg', i - 1));
    END IF;
    -- A closed account takes no new movement; releasing a reservation (void, expiry) still works.
    IF l_type[i] IN ('posted', 'pending', 'post_pending') AND (a_closed[d] OR a_closed[c]) THEN
      PERFORM ledger_fail('ACCOUNT_CLOSED', jsonb_build_object('leg', i - 1,
        'accountId', CASE WHEN a_closed[d] THEN a_id[d] ELSE a_id[c] END));
    END IF;
    CASE l_type[i]
      WHEN 'posted' THEN
        a_dp[d] := a_dp[d] + l_amount[i];
        a_cp[c] := a_cp[c] + l_amount[i];
      WHEN 'pending' THEN
        a_dq[d] := a_dq[d] + l_amount[i];
        a_cq[c] := a_cq[c] + l_amount[i];
      WHEN 'post_pending' THEN
        -- The whole reservation is released; the posted part (<= it) moves.
        a_dq[d] := a_dq[d] - l_pending_amount[i];
        a_cq[c] := a_cq[c] - l_pending_amount[i];
        a_dp[d] := a_dp[d] + l_amount[i];
        a_cp[c] := a_cp[c] + l_amount[i];
      ELSE
        a_dq[d] := a_dq[d] - l_amount[i];
        a_cq[c] := a_cq[c] - l_amount[i];
    END CASE;
    -- Reserved debits count against the balance: a reservation can never be overdrawn later.
    IF a_no_overdraft[d] AND a_dp[d] + a_dq[d] > a_cp[d] THEN
      PERFORM ledger_fail('INSUFFICIENT_FUNDS', jsonb_build_object('leg', i - 1, 'accountId', a_id[d]));
    END IF;
    a_version[d] := a_version[d] + 1;
    a_version[c] := a_version[c] + 1;
    e_account := e_account || ARRAY[a_id[d], a_id[c]];
    e_version := e_version || ARRAY[a_version[d], a_version[c]];
    e_transfer := e_transfer || ARRAY[l_id[i], l_id[i]];
    e_side := e_side || ARRAY['debit', 'credit'];
    e_dp := e_dp || ARRAY[a_dp[d], a_dp[c]];
    e_cp := e_cp || ARRAY[a_cp[d], a_cp[c]];
    e_dq := e_dq || ARRAY[a_dq[d], a_dq[c]];
    e_cq := e_cq || ARRAY[a_cq[d], a_cq[c]];
  END LOOP;

  -- 5. Write: transfers, then the entries that reference them, then the counters.
  INSERT INTO ledger_transfers
    (id, operation_id, merchant_id, debit_account_id, credit_account_id, currency, amount, type,
     pending_id, timeout_at, created_at)
  SELECT u.id, p_operation_id, p_merchant_id, u.debit, u.credit, u.currency, u.amount, u.type,
         u.pending_id, CASE WHEN u.type = 'pending' THEN u.timeout END, v_now
  FROM unnest(l_id, l_debit, l_credit, l_currency, l_amount, l_type, l_pending_id, l_timeout)
       AS u(id, debit, credit, currency, amount, type, pending_id, timeout);

  INSERT INTO ledger_entries
    (merchant_id, account_id, version, transfer_id, side, debits_posted, credits_posted, debits_pending,
     credits_pending, created_at)
  SELECT p_merchant_id, u.account_id, u.version, u.transfer_id, u.side, u.dp, u.cp, u.dq, u.cq, v_now
  FROM unnest(e_account, e_version, e_transfer, e_side, e_dp, e_cp, e_dq, e_cq)
       AS u(account_id, version, transfer_id, side, dp, cp, dq, cq);

  -- The counters go through scalars: Citus 13.2.2 crashes (signal 11) deparsing an UPDATE whose
  -- SET value is an array element, `SET x = a[i]` (docs/scaling.md).
  FOR i IN 1..array_length(a_id, 1) LOOP
    v_dp := a_dp[i]; v_cp := a_cp[i]; v_dq := a_dq[i]; v_cq := a_cq[i]; v_version := a_version[i];
    UPDATE ledger_accounts
    SET debits_posted = v_dp, credits_posted = v_cp, debits_pending = v_dq, credits_pending = v_cq,
        version = v_version
    WHERE merchant_id = p_merchant_id AND id = a_id[i];
  END LOOP;

  -- 6. Reservations: the open set the expiry sweep reads (the job at each deadline is enqueued
  -- by ledger.service.ts, through jobs/enqueue.ts, in the same transaction).
  IF 'pending' = ANY (l_type) THEN
    INSERT INTO ledger_open_pending (transfer_id, merchant_id, timeout_at)
    SELECT u.id, p_merchant_id, u.timeout FROM unnest(l_id, l_type, l_timeout) AS u(id, type, timeout)
    WHERE u.type = 'pending';
  END IF;
  IF v_has_resolution THEN
    DELETE FROM ledger_open_pending WHERE merchant_id = p_merchant_id AND transfer_id = ANY (l_pending_id);
  END IF;
  IF NOT p_want_result THEN
    RETURN NULL;
  END IF;
  RETURN jsonb_build_object(
    'transfers', (
      SELECT jsonb_agg(jsonb_build_object(
               'id', u.id, 'type', u.type, 'debitAccountId', u.debit, 'creditAccountId', u.credit,
               'currency', u.currency, 'amount', u.amount::text, 'pendingId', u.pending_id,
               'timeoutAt', CASE WHEN u.type = 'pending' THEN u.timeout END) ORDER BY u.ord)
      FROM unnest(l_id, l_type, l_debit, l_credit, l_currency, l_amount, l_pending_id, l_timeout)
           WITH ORDINALITY AS u(id, type, debit, credit, currency, amount, pending_id, timeout, ord)),
    'accounts', (
      SELECT jsonb_agg(jsonb_build_object(
               'id', u.id, 'currency', u.currency, 'debitsPosted', u.dp::text, 'creditsPosted', u.cp::text,
               'debitsPending', u.dq::text, 'creditsPending', u.cq::text, 'version', u.version::text))
      FROM unnest(a_id, a_currency, a_dp, a_cp, a_dq, a_cq, a_version)
           AS u(id, currency, dp, cp, dq, cq, version)));
END $$;
