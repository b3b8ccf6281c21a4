import path from "node:path";
import {
  type CitusCluster,
  citusMissing,
  DATABASE,
  databaseUrl,
  sql,
  startCitusCluster,
} from "../citus/cluster.ts";
import { initNode, type Node, nodeUrl, pgCtl } from "../failover/pgbackrest.ts";
import { databaseDir, stablePort } from "../failover/services.ts";
import { prepareLedgerDatabase } from "./ledger-setup.ts";

export type CitusBenchTargets = {
  /** The ledger on one plain PostgreSQL 15 server: the same binaries Citus runs on. */
  plainUrl: string;
  /** The ledger on a Citus coordinator and two workers, distributed by merchant. */
  citusUrl: string;
  /** The worker the bench merchant's shards are on. */
  workerOfMerchant: string;
  stop: () => Promise<void>;
};

/**
 * Issue 39's measure: the same ledger, prepared by the server's own start, on plain PostgreSQL 15
 * and on Citus (a coordinator and two workers, all on this machine), both durable (fsync on),
 * for `npm run bench:ledger` to run the same transfer script on each. Undefined, with the reason
 * printed, when Citus is not installed.
 */
export async function startCitusBenchTargets(
  parent: string,
  merchantId: string,
): Promise<CitusBenchTargets | undefined> {
  const missing = citusMissing();
  if (missing.length > 0) {
    console.log(`bench:ledger: no Citus comparison: missing ${missing.join("; ")}`);
    return undefined;
  }
  // The database user's own folder: it writes the nodes' data and logs there.
  const dir = path.join(parent, "compared");
  await databaseDir(dir);
  let cluster: CitusCluster | undefined;
  const plain: Node = {
    dataDir: path.join(dir, "pg15", "data"),
    port: await stablePort(),
    log: path.join(dir, "pg15.log"),
  };
  const stop = async () => {
    await cluster?.stop();
    await pgCtl(plain, "stop").catch(() => {});
  };
  try {
    await databaseDir(path.join(dir, "pg15"));
    await initNode(plain, ["shared_buffers = 64MB", "max_connections = 300"]);
    await pgCtl(plain, "start");
    await sql(nodeUrl(plain), `create database ${DATABASE}`);
    await databaseDir(path.join(dir, "citus"));
    cluster = await startCitusCluster(path.join(dir, "citus"), 2, { durable: true });
    const plainUrl = databaseUrl(plain);
    await Promise.all([prepareLedgerDatabase(plainUrl), prepareLedgerDatabase(cluster.url)]);
    const [where] = await sql<{ node: string }>(
      cluster.url,
      `select s.nodename || ':' || s.nodeport as node from citus_shards s
       where s.shardid = get_shard_id_for_distribution_column('ledger_accounts', $1::uuid)`,
      [merchantId],
    );
    return { plainUrl, citusUrl: cluster.url, workerOfMerchant: where?.node ?? "?", stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
