import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { ConfigError, loadConfig } from "../apps/server/src/config.ts";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../apps/server/src/db/embedded.ts";
import { checkInvariants } from "../apps/server/src/modules/ledger/index.ts";

/**
 * `npm run ledger:audit`: checks every ledger invariant on one consistent snapshot and prints one
 * verdict line per invariant. Exit 0: all hold; 1: a violation; 2: could not audit.
 * DATABASE_URL set: that database (a live one is fine: the audit only reads). Unset: the embedded
 * database under DATA_DIR/postgres, started for the audit, and only if no server runs on it.
 */
class CannotAudit extends Error {}

async function main(): Promise<number> {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const dir = path.join(config.dataDir, "postgres");
    if (!existsSync(path.join(dir, "PG_VERSION"))) {
      throw new CannotAudit(`no database under ${dir} (start Kestrel once, or set DATABASE_URL)`);
    }
    const running = runningServerPid(dir);
    if (running !== undefined) {
      throw new CannotAudit(
        `the embedded PostgreSQL under ${dir} is running (pid ${running}): stop Kestrel first, ` +
          "or point DATABASE_URL at that server",
      );
    }
    embedded = await startEmbeddedPostgres(dir, pino({ level: "warn" }));
    url = embedded.url;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>(
      "select to_regclass('ledger_transfers') is not null as ok",
    );
    if (!rows[0]?.ok) throw new CannotAudit("this database has no ledger tables (migrations not applied)");
    const counts = await client.query<{ accounts: string; transfers: string; operations: string }>(
      `select (select count(*) from ledger_accounts) as accounts, (select count(*) from ledger_transfers) as transfers,
              (select count(*) from ledger_operations) as operations`,
    );
    const c = counts.rows[0];
    console.log(
      `ledger audit: ${c?.accounts} accounts, ${c?.transfers} transfers, ${c?.operations} operations`,
    );
    const verdicts = await checkInvariants(client);
    for (const v of verdicts) {
      console.log(`${v.violations.length === 0 ? "PASS" : "FAIL"}  ${v.name}`);
      for (const detail of v.violations) console.log(`        ${detail}`);
    }
    const failed = verdicts.filter((v) => v.violations.length > 0).length;
    console.log(failed === 0 ? "ledger audit: clean" : `ledger audit: ${failed} invariant(s) violated`);
    return failed === 0 ? 0 : 1;
  } finally {
    await client.end().catch(() => {});
    await embedded?.stop();
  }
}

/** The pid of a live PostgreSQL holding the data directory, if any. */
function runningServerPid(dir: string): number | undefined {
  const lock = path.join(dir, "postmaster.pid");
  if (!existsSync(lock)) return undefined;
  const pid = Number.parseInt(readFileSync(lock, "utf8").split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid)) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof CannotAudit || err instanceof ConfigError;
    const message = err instanceof Error ? (known ? err.message : (err.stack ?? err.message)) : String(err);
    console.error(`ledger audit: cannot audit: ${message}`);
    process.exit(2);
  },
);
