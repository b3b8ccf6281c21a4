-- Citus 13.2.2 on PostgreSQL 15: an UPDATE routed to one shard whose SET value is an array element
-- crashes the backend (signal 11 in pg_get_query_def). Run with psql on a Citus coordinator with
-- workers (CITUS_KEEP=1 npm run test:citus keeps the nodes' folders; or any Citus cluster):
--   psql -v ON_ERROR_STOP=1 -f scripts/citus/update-array-element-crash.sql <coordinator url>
-- Why (Citus source, deparser/citus_ruleutils.c): before deparsing an UPDATE for its shard,
-- ExpandMergedSubscriptingRefEntries splits merged `SET a[1] = x, a[2] = y` assignments; it takes
-- any SubscriptingRef at the top of a SET value for such an assignment, without checking that it
-- assigns (refassgnexpr), and cuts its refexpr: a read `SET v = a[1]` is left as a subscript of
-- NULL, which the deparser dereferences. docs/scaling.md, "The coordinator crash".
DROP TABLE IF EXISTS crash_acc;
CREATE TABLE crash_acc (k int NOT NULL, id int NOT NULL, v bigint NOT NULL DEFAULT 0, PRIMARY KEY (k, id));
SELECT create_distributed_table('crash_acc', 'k');
INSERT INTO crash_acc VALUES (1, 1, 0);

-- The ledger's shape: PL/pgSQL writes counters kept in arrays, one UPDATE per account.
CREATE OR REPLACE FUNCTION crash_write(p_k int, a_id int[], a_v bigint[], p_scalar boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_v bigint;
BEGIN
  FOR i IN 1..array_length(a_id, 1) LOOP
    IF p_scalar THEN
      -- The rewrite: the element read into a scalar first. Same row, same lock, same checks.
      v_v := a_v[i];
      UPDATE crash_acc SET v = v_v WHERE k = p_k AND id = a_id[i];
    ELSE
      UPDATE crash_acc SET v = a_v[i] WHERE k = p_k AND id = a_id[i];
    END IF;
  END LOOP;
END $$;

-- Runs: an array element in WHERE is fine, and so is a scalar in SET.
SELECT crash_write(1, ARRAY[1], ARRAY[7::bigint], true);
SELECT v FROM crash_acc WHERE k = 1 AND id = 1;

-- Crashes the backend (and with it every session of the node, which restarts):
SELECT crash_write(1, ARRAY[1], ARRAY[8::bigint], false);
-- So does the statement alone, with no PL/pgSQL and no parameter:
--   UPDATE crash_acc SET v = (ARRAY[8::bigint])[1] WHERE k = 1 AND id = 1;
