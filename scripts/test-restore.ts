import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startServerProcess } from "../apps/server/src/server-process.ts";
import { runAudit } from "./cluster/checks.ts";
import { makeCustomers } from "./cluster/customers.ts";
import { sendMaker, sendWithRetries } from "./cluster/load.ts";
import { fund } from "./cluster/processes.ts";
import { requireTools } from "./failover/binaries.ts";
import { initNode, type Node, nodeUrl, pgBackRest, pgCtl } from "./failover/pgbackrest.ts";
import { databaseDir, sleep, stablePort, until } from "./failover/services.ts";

/**
 * `npm run test:restore` (issue 37, docs/operations.md): PostgreSQL 15 archiving its WAL with
 * pgBackRest, a full backup, a send, a known moment, a second send; then a point-in-time restore
 * to that moment into a new data folder: the first send is there, the second is not, and the
 * ledger audit is clean. Exit 1 otherwise.
 */
const log = (line: string) => console.log(`test:restore: ${line}`);
requireTools("test:restore", [
  { bin: "pgbackrest", debian: "pgbackrest" },
  { bin: "/usr/lib/postgresql/15/bin/postgres", debian: "postgresql-15" },
]);
const LIMIT_MS = 240_000;
const dir = await mkdtemp(path.join(tmpdir(), "kestrel-restore-"));
await databaseDir(dir);
const live: Node = {
  dataDir: path.join(dir, "live", "data"),
  port: await stablePort(),
  log: path.join(dir, "live.log"),
};
const restored: Node = {
  dataDir: path.join(dir, "restored", "data"),
  port: await stablePort(),
  log: path.join(dir, "restored.log"),
};
const running = new Set<Node>();
const watchdog = setTimeout(async () => {
  log(`FAIL: not done after ${LIMIT_MS / 1000} s`);
  for (const n of running) await pgCtl(n, "stop").catch(() => {});
  process.exit(1);
}, LIMIT_MS);

const dbTime = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ t: string }>("select clock_timestamp()::text as t")).rows[0]?.t as string;
  } finally {
    await client.end();
  }
};

try {
  const began = Date.now();
  const backup = await pgBackRest(dir, live);
  await databaseDir(path.dirname(live.dataDir));
  await initNode(live, [
    "wal_level = replica",
    "archive_mode = on",
    `archive_command = '${backup.archiveCommand}'`,
  ]);
  await pgCtl(live, "start");
  running.add(live);
  await backup.stanzaCreate();
  await backup.check(); // a WAL segment pushed and found in the repository: archiving works

  const url = nodeUrl(live);
  const server = await startServerProcess(url, { LOG_LEVEL: "error" });
  let keys: { first: string; second: string };
  let moments: { first: string; target: string; second: string };
  try {
    const customers = await makeCustomers(url, 2);
    await fund(server.url, customers);
    await backup.backupFull();
    log(`full backup taken (${((Date.now() - began) / 1000).toFixed(1)} s in)`);

    const prefix = `restore${randomBytes(4).toString("hex")}`;
    const next = sendMaker(customers, prefix);
    const send = async () => {
      const s = next();
      const o = await sendWithRetries(server.url, s, Date.now() + 30_000);
      if (o.status !== 200) throw new Error(`send ${s.key} answered ${o.status}`);
      return s.key;
    };
    const first = await send();
    const firstAt = await dbTime(url);
    await sleep(1_500);
    const target = await dbTime(url);
    await sleep(1_500);
    const second = await send();
    const secondAt = await dbTime(url);
    keys = { first, second };
    moments = { first: firstAt, target, second: secondAt };
    log(`send 1 (${first}) answered by ${firstAt}; send 2 (${second}) answered by ${secondAt}`);
  } finally {
    await server.stop();
  }
  // The second send's WAL must be in the repository, as it is once its segment fills or
  // archive_timeout passes; check switches the segment and waits until it is archived.
  await backup.check();
  await pgCtl(live, "stop");
  running.delete(live);

  log(`restoring to ${moments.target}`);
  await databaseDir(path.dirname(restored.dataDir));
  await databaseDir(restored.dataDir);
  await backup.restoreToTime(restored.dataDir, moments.target);
  await pgCtl(restored, "start");
  running.add(restored);
  const rurl = nodeUrl(restored);
  const client = new pg.Client({ connectionString: rurl });
  await client.connect();
  let present: { first: number; second: number; writable: boolean };
  try {
    const count = async (key: string) =>
      (
        await client.query<{ n: number }>(
          "select count(*)::int as n from ledger_operations where idempotency_key like '%:' || $1",
          [key],
        )
      ).rows[0]?.n ?? -1;
    // The restore ends in promotion: pg_ctl returns once connections are accepted, which in
    // PostgreSQL 15 is during the replay; the answer is read once the replay has stopped.
    const writable = await until(
      "the restored database to leave recovery",
      async () =>
        (await client.query<{ r: boolean }>("select pg_is_in_recovery() as r")).rows[0]?.r ? undefined : true,
      30_000,
    ).catch(() => false);
    present = { first: await count(keys.first), second: await count(keys.second), writable };
  } finally {
    await client.end();
  }
  const audit = await runAudit(rurl);
  log(
    `restored database: send 1 applied ${present.first}x, send 2 applied ${present.second}x, ${present.writable ? "open for writes" : "STILL IN RECOVERY"}`,
  );
  log(`ledger:audit on the restored database ${audit.code === 0 ? "clean" : `NOT CLEAN\n${audit.output}`}`);
  log(`total ${((Date.now() - began) / 1000).toFixed(1)} s`);
  const failed: string[] = [];
  if (present.first !== 1) failed.push("the first send is not in the restored database once");
  if (present.second !== 0)
    failed.push("the second send, made after the target, is in the restored database");
  if (!present.writable) failed.push("the restored database did not leave recovery");
  if (audit.code !== 0) failed.push("ledger:audit not clean");
  log(failed.length === 0 ? "PASS: restored to the moment between the sends" : `FAIL: ${failed.join("; ")}`);
  process.exitCode = failed.length === 0 ? 0 : 1;
} catch (err) {
  log(`FAIL: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  for (const n of running) await pgCtl(n, "stop").catch(() => {});
  await rm(dir, { recursive: true, force: true });
}
