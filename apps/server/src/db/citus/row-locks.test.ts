import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

// On Citus a SELECT ... FOR UPDATE takes no placement lock: a transaction that begins with one can
// lock a row on the old placement during a shard move's switch while the next transaction locks
// it on the new one (docs/scaling.md, "A transaction's first statement writes"). A row a
// transaction judges is therefore locked by an UPDATE that changes nothing, unless the
// transaction wrote in the merchant's group before, or the table is not distributed. This reads
// the server's SQL and fails on a FOR UPDATE not listed here with why it is safe.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const ALLOWED: Record<string, { count: number; why: string }> = {
  "modules/card-funding/card-funding.repository.ts": {
    count: 1,
    why: "lockPurchaseSql runs in `once`, after claimEventSql's insert: the transaction wrote first",
  },
  "modules/auth/auth.repository.ts": {
    count: 1,
    why: "the refresh is one statement whose CTE updates the token: Citus routes it as a write",
  },
  "modules/crypto/crypto.repository.ts": { count: 1, why: "inside an UPDATE's FROM: one statement, a write" },
  "modules/crypto/chain-follower.ts": {
    count: 1,
    why: "chain_follower_state is a reference table, and its row was inserted just before",
  },
  "modules/kyc/kyc.repository.ts": {
    count: 1,
    why: "after the insert of the customer's state in the same transaction",
  },
  "modules/merchants/merchants.repository.ts": {
    count: 1,
    why: "merchants is a reference table: Citus locks its shard for a FOR UPDATE",
  },
  "providers/issuer/sandbox-issuer.ts": { count: 2, why: "the sandbox issuer's own books: coordinator-only" },
  "providers/issuer/sandbox-spending.ts": {
    count: 1,
    why: "the sandbox issuer's own books: coordinator-only",
  },
  "db/functions/kyc_record_usage.sql": {
    count: 1,
    why: "called in the money frame only, after the session check's write (holdLiveSessionSql)",
  },
};

/** The FOR UPDATE clauses in a file's code, its comments left out. */
function rowLocks(text: string, sql: boolean): number {
  const code = sql
    ? text.replace(/--[^\n]*/g, "")
    : text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/[^\n]*/gm, "");
  return [...code.matchAll(/\bfor\s+update\b/gi)].length;
}

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "migrations" ? [] : serverFiles(full);
    const test = /\.test\.ts$|test-helpers\.ts$|test-database\.ts$/.test(e.name);
    return !test && /\.(ts|sql)$/.test(e.name) ? [full] : [];
  });
}

it("locks a row a transaction judges with a write, except where listed with why", () => {
  const found: Record<string, number> = {};
  for (const file of serverFiles(SRC)) {
    const n = rowLocks(readFileSync(file, "utf8"), file.endsWith(".sql"));
    if (n > 0) found[path.relative(SRC, file)] = n;
  }
  const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([file, a]) => [file, a.count]));
  expect(found).toEqual(allowed);
});
