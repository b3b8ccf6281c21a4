import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// What plain PostgreSQL runs and Citus 13.2.2 does not, in the live SQL (docs/scaling.md); only
// this reading catches it before a cluster does:
// - an UPDATE routed to one shard whose SET value is a subscript, `SET x = a[i]`, kills the
//   backend (signal 11; "The coordinator crash"; scripts/citus/update-array-element-crash.sql):
//   read the element into a variable first;
// - a subquery inside INSERT ... VALUES is refused ("subqueries are not supported within INSERT
//   queries"): read it into a variable first, or write INSERT ... SELECT.

const FUNCTIONS = new URL("../functions/", import.meta.url);

/** The SET values of every UPDATE (and ON CONFLICT DO UPDATE) in `sql` that are a bare subscript. */
function subscriptSetValues(sql: string): string[] {
  const code = sql.replace(/--[^\n]*/g, "");
  const found: string[] = [];
  for (const m of code.matchAll(
    /\bUPDATE\b[\s\S]*?\bSET\b([\s\S]*?)(?=\bWHERE\b|\bFROM\b|\bRETURNING\b|;)/gi,
  )) {
    for (const item of (m[1] ?? "").split(/,(?![^([]*[)\]])/)) {
      const value = item.split("=").slice(1).join("=").trim();
      // A subscript at the top of the value (a cast or a function around it is not one).
      if (/^(\(.*\)|[\w$.]+)(\s*\[[^\]]*\])+$/s.test(value)) found.push(value);
    }
  }
  return found;
}

/** The INSERT ... VALUES statements in `sql` with a subquery among their values. */
function subqueriesInValues(sql: string): string[] {
  const code = sql.replace(/--[^\n]*/g, "");
  return [
    ...code.matchAll(
      /\bINSERT\s+INTO\s+(\w+)[^;]*?\bVALUES\b([\s\S]*?)(?=\bON\s+CONFLICT\b|\bRETURNING\b|;)/gi,
    ),
  ]
    .filter((m) => /\(\s*SELECT\b/i.test(m[2] ?? ""))
    .map((m) => `INSERT INTO ${m[1]} ... VALUES (... (SELECT ...))`);
}

describe("the live SQL on Citus", () => {
  it("finds a SET value that is an array element (the check itself)", () => {
    expect(
      subscriptSetValues(`UPDATE ledger_accounts
        SET debits_posted = a_dp[i], credits_posted = a_cp[i], version = a_version[i]
        WHERE merchant_id = p_merchant_id AND id = a_id[i];`),
    ).toEqual(["a_dp[i]", "a_cp[i]", "a_version[i]"]);
    expect(subscriptSetValues("UPDATE t SET v = (ARRAY[1, 2])[1] WHERE k = 1;")).toEqual([
      "(ARRAY[1, 2])[1]",
    ]);
    expect(subscriptSetValues("UPDATE t SET v = v_dp, w = coalesce(a[i], 0) WHERE id = a_id[i];")).toEqual(
      [],
    );
  });

  it("has no UPDATE whose SET value is an array element", () => {
    const files = readdirSync(FUNCTIONS).filter((f) => f.endsWith(".sql"));
    expect(files).toContain("ledger_apply_legs.sql");
    const found = files.flatMap((f) =>
      subscriptSetValues(readFileSync(new URL(f, FUNCTIONS), "utf8")).map((v) => `${f}: SET ... = ${v}`),
    );
    expect(found).toEqual([]);
  });

  it("finds a subquery among an INSERT's values (the check itself)", () => {
    expect(
      subqueriesInValues(`INSERT INTO kyc_usage (id, created_at)
        VALUES (p_id, greatest(p_now, (SELECT u.created_at FROM kyc_usage u LIMIT 1)))
        ON CONFLICT (merchant_id, reference) DO NOTHING;`),
    ).toEqual(["INSERT INTO kyc_usage ... VALUES (... (SELECT ...))"]);
    expect(
      subqueriesInValues("INSERT INTO t (a) VALUES (greatest(p_now, v_newest)) ON CONFLICT DO NOTHING;"),
    ).toEqual([]);
    expect(
      subqueriesInValues("INSERT INTO t (a) SELECT x FROM unnest(a) AS u(x) WHERE (SELECT true);"),
    ).toEqual([]);
  });

  it("has no INSERT ... VALUES with a subquery", () => {
    const files = readdirSync(FUNCTIONS).filter((f) => f.endsWith(".sql"));
    expect(files).toContain("kyc_record_usage.sql");
    const found = files.flatMap((f) =>
      subqueriesInValues(readFileSync(new URL(f, FUNCTIONS), "utf8")).map((v) => `${f}: ${v}`),
    );
    expect(found).toEqual([]);
  });
});
