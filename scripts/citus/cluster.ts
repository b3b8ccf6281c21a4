import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { initNode, type Node, nodeUrl, pgCtl } from "../failover/pgbackrest.ts";
import { databaseDir, stablePort } from "../failover/services.ts";

const PG = "/usr/lib/postgresql/15";

/** What this machine lacks to run a Citus cluster, each said as how to get it; empty when ready. */
export function citusMissing(): string[] {
  const postgres = `${PG}/bin/postgres`;
  return [
    [!existsSync(postgres), "PostgreSQL 15 (apt-get install -y postgresql-15)"] as const,
    [
      !existsSync(`${PG}/lib/citus.so`) || !existsSync("/usr/share/postgresql/15/extension/citus.control"),
      'Citus 13 (docs/scaling.md "Installing Citus")',
    ] as const,
    // The prebuilt Citus calls have_createdb_privilege, which PostgreSQL 15 exports from 15.20 on.
    [
      existsSync(postgres) && !readFileSync(postgres).includes("have_createdb_privilege"),
      "PostgreSQL 15.20 or later, which the prebuilt Citus needs (apt-get install -y postgresql-15)",
    ] as const,
  ].flatMap(([lacking, what]) => (lacking ? [what] : []));
}

/** The product's database on every node (Citus's extension is per database). */
export const DATABASE = "kestrel";

export type CitusCluster = {
  /** The product's database on the coordinator: what the instances and the worker use. */
  url: string;
  coordinator: Node;
  workers: Node[];
  /** A new worker node started and registered (its shards come with a rebalance). */
  addWorker(): Promise<Node>;
  stop(): Promise<void>;
};

// Citus needs itself preloaded; 2PC for writes to reference tables and across nodes needs
// prepared transactions. Small shared memory: four PostgreSQL servers share two cores here.
const SETTINGS = [
  // pg_stat_statements: citus_stat_statements says which statements ran without a merchant.
  "shared_preload_libraries = 'citus,pg_stat_statements'",
  "citus.stat_statements_track = 'all'",
  // Fewer shards than the default 32: four servers share two cores, and a rebalance moves each.
  "citus.shard_count = 16",
  "max_prepared_transactions = 100",
  "max_connections = 300",
  "shared_buffers = 64MB",
  "wal_level = logical",
  // Nodes talk over loopback only; without this libpq looks for a client certificate in the
  // starting user's home (root's, unreadable to \`postgres\`) and the connection fails.
  "citus.node_conninfo = 'sslmode=disable'",
];
/** A throwaway test cluster need not survive a crash; a benchmark beside a durable server must. */
const NOT_DURABLE = ["fsync = off", "synchronous_commit = off"];

/**
 * A Citus cluster on loopback under `dir` (fresh data folders): a coordinator and `workers`
 * workers, each a PostgreSQL 15 with Citus, trust on 127.0.0.1 (a throwaway test cluster), the
 * product's database and the extension on each, the workers registered with the coordinator.
 */
export async function startCitusCluster(
  dir: string,
  workers: number,
  options: { durable?: boolean } = {},
): Promise<CitusCluster> {
  const started: Node[] = [];
  const start = async (name: string) => {
    const node: Node = {
      dataDir: path.join(dir, name, "data"),
      port: await stablePort(),
      log: path.join(dir, `${name}.log`),
    };
    await databaseDir(path.join(dir, name));
    await initNode(node, options.durable ? SETTINGS : [...SETTINGS, ...NOT_DURABLE]);
    await pgCtl(node, "start");
    started.push(node);
    await sql(nodeUrl(node), `create database ${DATABASE}`);
    await sql(databaseUrl(node), "create extension citus");
    return node;
  };
  const stop = async () => {
    await Promise.all(started.map((n) => pgCtl(n, "stop").catch(() => {})));
  };
  try {
    const coordinator = await start("coordinator");
    const url = databaseUrl(coordinator);
    await sql(url, "create extension pg_stat_statements");
    await sql(url, `select citus_set_coordinator_host('127.0.0.1', ${coordinator.port})`);
    const nodes: Node[] = [];
    const addWorker = async () => {
      const node = await start(`worker${nodes.length + 1}`);
      await sql(url, `select citus_add_node('127.0.0.1', ${node.port})`);
      nodes.push(node);
      return node;
    };
    for (let i = 0; i < workers; i++) await addWorker();
    return { url, coordinator, workers: nodes, addWorker, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export const databaseUrl = (node: Node) => nodeUrl(node).replace(/\/postgres$/, `/${DATABASE}`);

export async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
