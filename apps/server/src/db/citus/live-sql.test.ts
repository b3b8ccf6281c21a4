import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Citus 13.2.2 kills the backend (signal 11) deparsing an UPDATE routed to one shard whose SET
// value is a subscript, `SET x = a[i]` (docs/scaling.md, "The coordinator crash"; reproduction
// in scripts/citus/update-array-element-crash.sql). Plain PostgreSQL runs it, so only this
// reading of the live SQL catches it before a cluster does: read the element into a variable.

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
});
