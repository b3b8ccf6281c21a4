import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { ClusterCustomer } from "./customers.ts";
import type { Outcome } from "./load.ts";
import { FUNDING_MINOR } from "./processes.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type Verdict = {
  keysSent: number;
  answered200: number;
  /** Keys whose client never learnt the outcome (gave up retrying). */
  unanswered: number;
  /** Keys answered otherwise than 200 (a refusal: nothing may have moved for them). */
  refused: number;
  applied: number;
  appliedTwice: number;
  answered200NotApplied: number;
  refusedButApplied: number;
  /** The keys not answered 200, with their last answer: what a failed run says of why. */
  notAnswered200: Array<{ key: string; kind: string; status: number | undefined; failure: unknown }>;
  fundedMinor: bigint;
  /** Funded less what the applied operations took out of the customers' EUR wallets. */
  expectedMinor: bigint;
  balancesMinor: bigint;
  auditClean: boolean;
  auditOutput: string;
};

/**
 * What the database says of the client's sends: each key's operations and usage (the ledger stores
 * `<customer scope>:<key>`), the customers' balances, and `npm run ledger:audit` on the database.
 */
export async function verify(
  url: string,
  prefix: string,
  outcomes: Map<string, Outcome>,
  customers: ClusterCustomer[],
): Promise<Verdict> {
  // Every customer was funded through the faucet (processes.ts) before the load.
  const fundedMinor = FUNDING_MINOR * BigInt(customers.length);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let counts: Map<string, number>;
  let balancesMinor: bigint;
  try {
    const ops = await client.query<{ key: string; n: number }>(
      `select substring(idempotency_key from $1::text || '-[0-9]+$') as key, count(*)::int as n
       from ledger_operations where idempotency_key like '%:' || $1 || '-%' group by 1`,
      [prefix],
    );
    counts = new Map(ops.rows.map((r) => [r.key, r.n]));
    const usage = await client.query<{ n: number }>(
      `select count(*)::int as n from (select reference from kyc_usage where reference like '%:' || $1 || '-%'
       group by reference having count(*) > 1) twice`,
      [prefix],
    );
    if ((usage.rows[0]?.n ?? 0) > 0) counts.set("(usage counted twice)", 2);
    const balances = await client.query<{ total: string }>(
      `select coalesce(sum(a.credits_posted - a.debits_posted), 0)::text as total from ledger_accounts a
       where a.owner_id = any($1::uuid[]) and a.currency = 'EUR'`,
      [customers.map((c) => c.id)],
    );
    balancesMinor = BigInt(balances.rows[0]?.total ?? "0");
  } finally {
    await client.end();
  }
  let expectedMinor = fundedMinor;
  for (const [key, n] of counts) if (n >= 1) expectedMinor -= outcomes.get(key)?.eurOutMinor ?? 0n;
  let answered200 = 0;
  let unanswered = 0;
  let refused = 0;
  let answered200NotApplied = 0;
  let refusedButApplied = 0;
  const notAnswered200: Verdict["notAnswered200"] = [];
  for (const [key, o] of outcomes) {
    const n = counts.get(key) ?? 0;
    if (o.status !== 200) notAnswered200.push({ key, kind: o.kind, status: o.status, failure: o.failure });
    if (o.status === 200) {
      answered200++;
      if (n !== 1) answered200NotApplied++;
    } else if (o.status === undefined || o.status >= 500) {
      unanswered++;
    } else {
      refused++;
      if (n > 0) refusedButApplied++;
    }
  }
  const audit = await runAudit(url);
  return {
    keysSent: outcomes.size,
    answered200,
    unanswered,
    refused,
    applied: [...counts.values()].filter((n) => n >= 1).length,
    appliedTwice: [...counts.values()].filter((n) => n > 1).length,
    answered200NotApplied,
    refusedButApplied,
    notAnswered200,
    fundedMinor,
    expectedMinor,
    balancesMinor,
    auditClean: audit.code === 0,
    auditOutput: audit.output,
  };
}

/** scripts/ledger-audit.ts on the cluster's database (exit 0: every invariant holds). */
export function runAudit(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "scripts/ledger-audit.ts")], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      output += d.toString();
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** One line per key not answered 200 (the first ten): its kind, last status and answer. */
export function describeNotAnswered(v: Verdict): string[] {
  return v.notAnswered200
    .slice(0, 10)
    .map(
      (k) =>
        `not answered 200: ${k.key} (${k.kind}): ${k.status ?? "no answer"} ${JSON.stringify(k.failure ?? null).slice(0, 300)}`,
    );
}

/** The verdict holds: nothing lost, nothing applied twice, the books balance. */
export function failures(v: Verdict): string[] {
  const out: string[] = [];
  if (v.appliedTwice > 0) out.push(`${v.appliedTwice} keys applied more than once`);
  if (v.answered200NotApplied > 0)
    out.push(`${v.answered200NotApplied} keys answered 200 but not applied once`);
  if (v.refusedButApplied > 0) out.push(`${v.refusedButApplied} keys refused but applied`);
  if (v.unanswered > 0) out.push(`${v.unanswered} keys never answered`);
  if (v.balancesMinor !== v.expectedMinor) {
    out.push(`balances ${v.balancesMinor} != ${v.expectedMinor} (funded ${v.fundedMinor} less what left)`);
  }
  if (!v.auditClean) out.push(`ledger:audit not clean:\n${v.auditOutput}`);
  return out;
}
