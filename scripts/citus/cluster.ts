import path from "node:path";
import pg from "pg";
import { initNode, type Node, nodeUrl, pgCtl } from "../failover/pgbackrest.ts";
import { databaseDir, stablePort } from "../failover/services.ts";

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
  "fsync = off",
  "synchronous_commit = off",
];

/**
 * A Citus cluster on loopback under `dir` (fresh data folders): a coordinator and `workers`
 * workers, each a PostgreSQL 15 with Citus, trust on 127.0.0.1 (a throwaway test cluster), the
 * product's database and the extension on each, the workers registered with the coordinator.
 */
export async function startCitusCluster(dir: string, workers: number): Promise<CitusCluster> {
  const started: Node[] = [];
  const start = async (name: string) => {
    const node: Node = {
      dataDir: path.join(dir, name, "data"),
      port: await stablePort(),
      log: path.join(dir, `${name}.log`),
    };
    await databaseDir(path.join(dir, name));
    await initNode(node, SETTINGS);
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
