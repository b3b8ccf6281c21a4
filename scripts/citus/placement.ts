import { type CitusCluster, sql } from "./cluster.ts";

export type Placement = { merchant: string; node: string; shards: number };
type Merchant = { id: string; name: string };

/** Where each merchant's shards live: one shard of every distributed table, all on one worker. */
export async function placements(cluster: CitusCluster, merchants: Merchant[]): Promise<Placement[]> {
  const names = new Map(cluster.workers.map((w, i) => [w.port, `worker${i + 1} (port ${w.port})`]));
  const out: Placement[] = [];
  for (const m of merchants) {
    const rows = await sql<{ port: number; shards: number }>(
      cluster.url,
      `select s.nodeport as port, count(*)::int as shards
       from citus_tables t
       cross join lateral (select get_shard_id_for_distribution_column(t.table_name, $1::uuid) as id) x
       join citus_shards s on s.shardid = x.id
       where t.citus_table_type = 'distributed' group by 1 order by 1`,
      [m.id],
    );
    for (const r of rows)
      out.push({ merchant: m.name, node: names.get(r.port) ?? `port ${r.port}`, shards: r.shards });
  }
  return out;
}

/**
 * Hashing may put both seeded merchants on one worker; the run wants them apart, so the second's
 * shard group moves to the worker the first is not on (what an operator does to isolate a tenant).
 */
export async function separateMerchants(
  cluster: CitusCluster,
  merchants: Merchant[],
): Promise<string | undefined> {
  const [first, second] = merchants as [Merchant, Merchant];
  const where = async (m: Merchant) =>
    (
      await sql<{ shard: string; port: number }>(
        cluster.url,
        `select s.shardid::text as shard, s.nodeport as port from citus_tables t
         join citus_shards s on s.shardid = get_shard_id_for_distribution_column(t.table_name, $1::uuid)
         where t.citus_table_type = 'distributed' order by t.table_name limit 1`,
        [m.id],
      )
    )[0];
  const a = await where(first);
  const b = await where(second);
  if (!a || !b || a.port !== b.port) return undefined;
  const to = cluster.workers.find((w) => w.port !== a.port);
  if (!to) return undefined;
  await sql(
    cluster.url,
    `select citus_move_shard_placement($1::bigint, '127.0.0.1', $2, '127.0.0.1', $3, shard_transfer_mode => 'block_writes')`,
    [b.shard, b.port, to.port],
  );
  return `${first.name} and ${second.name} hashed to one worker: ${second.name}'s shard group moved to port ${to.port}`;
}
