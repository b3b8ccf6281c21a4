import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { PG_BIN } from "./binaries.ts";
import { databaseDir, killNow, sleep, stablePort, startService } from "./services.ts";

// Loopback only, thrown away with the run: not secrets worth guarding.
export const SUPERUSER = { username: "postgres", password: "failover-superuser" };
const REPLICATION = { username: "replicator", password: "failover-replication" };

/**
 * The settings docs/operations.md explains. Timings are short so that a failover fits a test;
 * production keeps the same ratios with longer values (ttl 30, loop_wait 10, retry_timeout 10).
 */
const DCS_SETTINGS = {
  // The leader lock lives `ttl` seconds unless renewed; Patroni renews it every `loop_wait`.
  // ttl >= loop_wait + 2 * retry_timeout, so one slow etcd call does not cost the lock.
  ttl: 10,
  loop_wait: 1,
  retry_timeout: 4,
  // A commit is answered once a second node has it (synchronous_commit on, one synchronous
  // standby); strict: with no standby left the leader waits instead of committing alone.
  synchronous_mode: true,
  synchronous_mode_strict: true,
  synchronous_node_count: 1,
  // A crashed leader is failed over at once instead of restarted in place (crash recovery
  // could take minutes); with synchronous mode the standby has every answered commit.
  primary_start_timeout: 0,
  maximum_lag_on_failover: 1_048_576,
  postgresql: {
    // The old leader rejoins by rewinding what it wrote past the new leader's timeline.
    use_pg_rewind: true,
    use_slots: true,
    parameters: {
      max_connections: 200,
      wal_level: "replica",
      wal_log_hints: "on",
      hot_standby: "on",
      max_wal_senders: 10,
      max_replication_slots: 10,
      wal_keep_size: "256MB",
      synchronous_commit: "on",
      shared_buffers: "64MB",
    },
  },
};

export type MemberStatus = { name: string; role: string; state: string; timeline?: number };

export type PatroniNode = {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  /** Patroni starts (or starts again after a machine stop): it bootstraps, joins or rewinds. */
  start: () => void;
  /** SIGKILL to the node's PostgreSQL (postmaster); Patroni lives on. */
  killPostgres: () => Promise<void>;
  /** The machine stops: Patroni and PostgreSQL killed at once, nothing shut down cleanly. */
  killMachine: () => Promise<void>;
  /** GET /patroni on the node's REST API, undefined when it does not answer. */
  status: () => Promise<{ role: string; state: string } | undefined>;
  /** GET /cluster: every member as this node sees it. */
  cluster: () => Promise<MemberStatus[] | undefined>;
  log: string;
};

export async function makeNode(dir: string, name: string, etcd: string): Promise<PatroniNode> {
  const home = path.join(dir, name);
  await databaseDir(home);
  const pgPort = await stablePort();
  const restPort = await stablePort();
  const dataDir = path.join(home, "data");
  const config = {
    scope: "kestrel",
    name,
    log: { level: "WARNING" },
    restapi: { listen: `127.0.0.1:${restPort}`, connect_address: `127.0.0.1:${restPort}` },
    etcd3: { hosts: [etcd] },
    bootstrap: {
      dcs: DCS_SETTINGS,
      initdb: [{ encoding: "UTF8" }, { locale: "C" }, "data-checksums"],
    },
    postgresql: {
      listen: `127.0.0.1:${pgPort}`,
      connect_address: `127.0.0.1:${pgPort}`,
      data_dir: dataDir,
      bin_dir: PG_BIN,
      pgpass: path.join(home, "pgpass"),
      authentication: { superuser: SUPERUSER, replication: REPLICATION },
      parameters: { unix_socket_directories: home },
      pg_hba: [
        "local all all trust",
        `host replication ${REPLICATION.username} 127.0.0.1/32 scram-sha-256`,
        "host all all 127.0.0.1/32 scram-sha-256",
      ],
    },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
  const file = path.join(home, "patroni.yml");
  // JSON is YAML: no YAML writer needed.
  await writeFile(file, JSON.stringify(config, null, 2));
  await databaseDir(home);
  const log = path.join(home, "patroni.log");
  let patroni: ChildProcess | undefined;
  const rest = `http://127.0.0.1:${restPort}`;
  const getJson = async <T>(p: string): Promise<T | undefined> =>
    fetch(`${rest}${p}`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.json() as Promise<T>,
      () => undefined,
    );
  const postmasterPid = () => {
    const lock = path.join(dataDir, "postmaster.pid");
    if (!existsSync(lock)) return undefined;
    const pid = Number.parseInt(readFileSync(lock, "utf8").split("\n")[0] ?? "", 10);
    return Number.isInteger(pid) && alive(pid) ? pid : undefined;
  };
  const killPostgres = async () => {
    const pid = postmasterPid();
    if (pid === undefined) return;
    signal(pid, "SIGKILL");
    while (alive(pid)) await sleep(20);
  };
  return {
    name,
    pgPort,
    restPort,
    dataDir,
    log,
    start: () => {
      // Patroni runs PostgreSQL in a session of its own: a killed Patroni leaves it running.
      patroni = startService("patroni", [file], { log, asDatabaseUser: true });
    },
    killPostgres,
    killMachine: async () => {
      const pid = postmasterPid();
      if (patroni) await killNow(patroni);
      if (pid === undefined) return;
      // Its children too, at the same instant: a machine gone leaves no backend to finish up.
      for (const child of childrenOf(pid)) signal(child, "SIGKILL");
      await killPostgres();
    },
    status: () => getJson<{ role: string; state: string }>("/patroni"),
    cluster: async () => (await getJson<{ members: MemberStatus[] }>("/cluster"))?.members,
  };
}

function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((d) => /^[0-9]+$/.test(d))
    .filter((d) => {
      try {
        // "pid (comm) state ppid ...": the comm may hold spaces, so read after its ')'.
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A process that exited meanwhile is not an error: it is what we wanted. */
function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ESRCH") throw e;
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
