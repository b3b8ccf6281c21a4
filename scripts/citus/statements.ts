import { type CitusCluster, sql } from "./cluster.ts";

/**
 * Statements Citus planned without one merchant_id to route by (citus_stat_statements'
 * partition_key is null): multi-shard ones, and those on reference tables only. Counted since the
 * load began; the instances' statements on tables still plain (waiting) are not Citus's to count.
 */
export async function multiShardStatements(
  cluster: CitusCluster,
): Promise<Array<{ calls: number; query: string }>> {
  return sql<{ calls: number; query: string }>(
    cluster.url,
    `select sum(calls)::int as calls, regexp_replace(left(query, 160), '\\s+', ' ', 'g') as query
     from citus_stat_statements where partition_key is null
     group by 2 order by 1 desc limit 12`,
  );
}

export async function resetStatements(cluster: CitusCluster) {
  await sql(cluster.url, "select citus_stat_statements_reset()");
}
