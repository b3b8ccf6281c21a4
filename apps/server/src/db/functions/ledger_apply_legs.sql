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
  -- The touched accounts in id order, their movements (m_) and their counters before the
  -- operation: posted (p) and pending (q) debit/credit counters.
  m_dp numeric[]; m_cp numeric[]; m_dq numeric[]; m_cq numeric[]; m_n bigint[];
  a_id uuid[]; a_currency text[]; a_closed boolean[]; a_no_overdraft boolean[];
  a_dp numeric[]; a_cp numeric[]; a_dq numeric[]; a_cq numeric[]; a_version bigint[];
  -- The entries to write: one per leg and side, with the counters after it.
  e_account uuid[] := '{}'; e_version bigint[] := '{}'; e_transfer uuid[] := '{}'; e_side text[] := '{}';
  e_dp numeric[] := '{}'; e_cp numeric[] := '{}'; e_dq numeric[] := '{}'; e_cq numeric[] := '{}';
  -- One account's movements, for its UPDATE.
  v_account uuid; v_dp numeric; v_cp numeric; v_dq numeric; v_cq numeric; v_version bigint;
  v_accounts integer;
  -- What one account's UPDATE (or lock) answers, and whether its balance rule refused the movement.
  r_currency text; r_closed boolean; r_no_overdraft boolean;
  r_dp numeric; r_cp numeric; r_dq numeric; r_cq numeric; r_version bigint;
  v_refused boolean := false;
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

  -- 2. What the legs do to each touched account, set-based: its counters' movements and how
  -- many entries it gets (its version moves by one per entry).
  SELECT array_agg(g.account ORDER BY g.account), array_agg(g.dp ORDER BY g.account),
         array_agg(g.cp ORDER BY g.account), array_agg(g.dq ORDER BY g.account),
         array_agg(g.cq ORDER BY g.account), array_agg(g.n ORDER BY g.account)
    INTO a_id, m_dp, m_cp, m_dq, m_cq, m_n
    FROM (
      SELECT s.account, sum(s.dp) AS dp, sum(s.cp) AS cp, sum(s.dq) AS dq, sum(s.cq) AS cq, count(*) AS n
      FROM unnest(l_type, l_debit, l_credit, l_amount, l_pending_amount) AS u(type, debit, credit, amount, pending_amount)
      CROSS JOIN LATERAL (VALUES
        (u.debit,
         CASE WHEN u.type IN ('posted', 'post_pending') THEN u.amount ELSE 0 END, 0::numeric,
         CASE u.type WHEN 'pending' THEN u.amount WHEN 'post_pending' THEN -u.pending_amount
           WHEN 'posted' THEN 0 ELSE -u.amount END,
         0::numeric),
        (u.credit,
         0::numeric, CASE WHEN u.type IN ('posted', 'post_pending') THEN u.amount ELSE 0 END,
         0::numeric,
         CASE u.type WHEN 'pending' THEN u.amount WHEN 'post_pending' THEN -u.pending_amount
           WHEN 'posted' THEN 0 ELSE -u.amount END)
      ) AS s(account, dp, cp, dq, cq)
      GROUP BY s.account) AS g;

  -- One UPDATE ... RETURNING per account, in id order: it locks the row, moves its counters if the
  -- account's balance rule holds after the whole operation (reserved debits count against the
  -- balance) and no counter goes below zero, and answers what the rules below judge; operations sharing accounts queue up in one
  -- order and never deadlock. The counters before the operation are the answer less the movement.
  -- A refusal below raises, and the raise takes these updates back with the whole statement.
  -- Another merchant's account is not found, and is not touched. The movements go through
  -- scalars: Citus 13.2.2 crashes (signal 11) deparsing an UPDATE whose SET value is an array
  -- element, `SET x = a[i]` (docs/scaling.md).
  v_accounts := array_length(a_id, 1);
  a_currency := array_fill(NULL::text, ARRAY[v_accounts]);
  a_closed := array_fill(NULL::boolean, ARRAY[v_accounts]); a_no_overdraft := a_closed;
  a_dp := array_fill(NULL::numeric, ARRAY[v_accounts]); a_cp := a_dp; a_dq := a_dp; a_cq := a_dp;
  a_version := array_fill(NULL::bigint, ARRAY[v_accounts]);
  FOR i IN 1..v_accounts LOOP
    v_account := a_id[i]; v_dp := m_dp[i]; v_cp := m_cp[i]; v_dq := m_dq[i]; v_cq := m_cq[i]; v_version := m_n[i];
    LOOP
      UPDATE ledger_accounts
      SET debits_posted = debits_posted + v_dp, credits_posted = credits_posted + v_cp,
          debits_pending = debits_pending + v_dq, credits_pending = credits_pending + v_cq,
          version = version + v_version
      WHERE merchant_id = p_merchant_id AND id = v_account
        AND (NOT (owner_id IS NOT NULL OR debits_must_not_exceed_credits)
             OR debits_posted + v_dp + debits_pending + v_dq <= credits_posted + v_cp)
        AND least(debits_posted + v_dp, credits_posted + v_cp, debits_pending + v_dq, credits_pending + v_cq) >= 0
      RETURNING currency, closed, owner_id IS NOT NULL OR debits_must_not_exceed_credits,
                debits_posted - v_dp, credits_posted - v_cp, debits_pending - v_dq, credits_pending - v_cq,
                version - v_version
      INTO r_currency, r_closed, r_no_overdraft, r_dp, r_cp, r_dq, r_cq, r_version;
      EXIT WHEN FOUND;
      -- Not there, or the rules refuse: lock the row and read it as it is.
      SELECT currency, closed, owner_id IS NOT NULL OR debits_must_not_exceed_credits,
             debits_posted, credits_posted, debits_pending, credits_pending, version
        INTO r_currency, r_closed, r_no_overdraft, r_dp, r_cp, r_dq, r_cq, r_version
        FROM ledger_accounts WHERE merchant_id = p_merchant_id AND id = v_account FOR NO KEY UPDATE;
      IF NOT FOUND THEN
        -- Reported as always: the first of the legs' accounts (debits, then credits) not found.
        PERFORM ledger_fail('ACCOUNT_NOT_FOUND', jsonb_build_object('accountId',
          (SELECT x FROM unnest(l_debit || l_credit) AS x
           WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE merchant_id = p_merchant_id AND id = x)
           LIMIT 1)));
      END IF;
      -- Overdrawn after the operation, or a reservation released twice (a counter below zero):
      -- left as it is, the checks below name the refusal (the resolution's, or the leg that
      -- overdraws it).
      IF (r_no_overdraft AND r_dp + v_dp + r_dq + v_dq > r_cp + v_cp)
         OR least(r_dp + v_dp, r_cp + v_cp, r_dq + v_dq, r_cq + v_cq) < 0 THEN
        v_refused := true;
        EXIT;
      END IF;
      -- A credit committed between the refusal and the lock: the row is held now, update it.
    END LOOP;
    a_currency[i] := r_currency; a_closed[i] := r_closed; a_no_overdraft[i] := r_no_overdraft;
    a_dp[i] := r_dp; a_cp[i] := r_cp; a_dq[i] := r_dq; a_cq[i] := r_cq; a_version[i] := r_version;
  END LOOP;

  -- 3. A reservation resolves at most once. Checked under the accounts' row locks: a concurrent
  -- resolution of the same reservation held these accounts until it committed, so this statement
  -- sees it.
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

  -- 4. Replay the legs in order from the counters before the operation, checking the accounts'
  -- rules after each one and keeping each entry's counters.
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

  IF v_refused THEN
    -- The checks above name every refusal the final counters can have; reaching here would mean
    -- they disagree, and the refused account was not moved: never write entries for it.
    RAISE EXCEPTION 'ledger_apply_legs: an account''s movement was refused that the checks accept';
  END IF;

  -- 5. Write the transfers, then the entries that reference them (the counters are written).
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
