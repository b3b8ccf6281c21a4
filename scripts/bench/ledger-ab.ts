import { execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import pino from "pino";
import { startEmbeddedPostgres } from "../../apps/server/src/db/embedded.ts";
import { checkInvariants } from "../../apps/server/src/modules/ledger/index.ts";
import { DEMO_MERCHANT_ID } from "../../apps/server/src/modules/merchants/index.ts";
import { BENCH_ACCOUNTS, prepareLedgerDatabase } from "./ledger-setup.ts";
import { findPgbench, interleavedRuns, targetOf } from "./pgbench.ts";

/**
 * A change of the ledger's live SQL, measured against a git revision on one database in the same
 * rounds (on a shared machine only a comparison within one run means anything):
 *   node scripts/bench/ledger-ab.ts <rev>
 * The tree's functions are installed as the server installs them; the revision's
 * ledger_apply_operation.sql and ledger_apply_legs.sql beside them, renamed *_ab. Then bench:ledger's
 * uniform SQL transfer (8 clients, one leg between two of 10,000 wallets) through each, in
 * AB_ROUNDS (3) interleaved rounds of AB_SECONDS (10), and the audit.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const rev = process.argv[2];
if (!rev) throw new Error("usage: node scripts/bench/ledger-ab.ts <git revision>");
const FILES = ["ledger_apply_operation", "ledger_apply_legs"];
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const SECONDS = Number(process.env.AB_SECONDS ?? 10);
const bin = findPgbench(repoRoot);
if (!bin) throw new Error("pgbench not found (set PGBENCH)");

const renamed = (sql: string) =>
  FILES.reduce((text, name) => text.replace(new RegExp(`\\b${name}\\b`, "g"), `${name}_ab`), sql);

await mkdir(path.join(repoRoot, ".test-data"), { recursive: true });
const dir = await mkdtemp(path.join(repoRoot, ".test-data", "ab-"));
await chmod(dir, 0o755);
const embedded = await startEmbeddedPostgres(path.join(dir, "data"), pino({ level: "warn" }));
try {
  const url = new URL(embedded.url);
  url.pathname = "/ledger";
  const admin = new pg.Client({ connectionString: embedded.url });
  await admin.connect();
  await admin.query("create database ledger");
  await admin.end();
  await prepareLedgerDatabase(url.toString());
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    for (const name of FILES) {
      const sql = execFileSync("git", ["show", `${rev}:apps/server/src/db/functions/${name}.sql`], {
        cwd: repoRoot,
        encoding: "utf8",
      });
      await client.query(renamed(sql));
    }
    const script = (fn: string) => `\\set a random(1, ${BENCH_ACCOUNTS})
\\set d random(1, ${BENCH_ACCOUNTS - 1})
\\set amount random(1, 100)
SELECT ${fn}(bench.uuidv7(), '${DEMO_MERCHANT_ID}', bench.uuidv7()::text, 'bench', 'bench_transfer',
  jsonb_build_array(jsonb_build_object('id', bench.uuidv7(), 'type', 'posted', 'debit', bench.account(:a),
    'credit', bench.account(1 + (:a::int + :d::int - 1) % ${BENCH_ACCOUNTS}), 'currency', 'EUR',
    'amount', :amount::text)), p_response => '{"ok": true}');
`;
    const files = { tree: path.join(dir, "tree.sql"), rev: path.join(dir, "rev.sql") };
    await writeFile(files.tree, script("ledger_apply_operation"));
    await writeFile(files.rev, script("ledger_apply_operation_ab"));
    const results = await interleavedRuns(
      bin,
      targetOf(embedded.url),
      [
        { name: "rev", database: "ledger", script: files.rev },
        { name: "tree", database: "ledger", script: files.tree },
      ],
      { rounds: ROUNDS, seconds: SECONDS, clients: 8, threads: 2, logDir: dir },
    );
    const tree = results.get("tree");
    const old = results.get("rev");
    if (!tree || !old) throw new Error("a run is missing");
    for (const [label, r] of [[rev, old] as const, ["tree", tree] as const])
      console.log(
        `${label.padEnd(12)} ${r.tps.toFixed(0).padStart(6)} transfers/s  p50 ${r.p50Ms.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms`,
      );
    console.log(`ratio tree/${rev}: ${(tree.tps / old.tps).toFixed(2)}`);
    const broken = (await checkInvariants(client)).filter((v) => v.violations.length > 0);
    console.log(`audit: ${broken.length === 0 ? "clean" : JSON.stringify(broken)}`);
  } finally {
    await client.end();
  }
} finally {
  await embedded.stop();
  await rm(dir, { recursive: true, force: true });
}
