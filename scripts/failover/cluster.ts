import { readFile } from "node:fs/promises";
import pg from "pg";
import { startEtcd } from "./etcd.ts";
import { type MemberStatus, makeNode, type PatroniNode, SUPERUSER } from "./patroni.ts";
import { type PgProxy, startPgProxy } from "./pg-proxy.ts";
import { until } from "./services.ts";

export type HaCluster = {
  nodes: PatroniNode[];
  /** The database through HAProxy: always the leader's. */
  url: string;
  members: () => Promise<MemberStatus[]>;
  leader: () => Promise<PatroniNode | undefined>;
  /** Waits until a leader and a synchronous standby run, and `expect` holds of the members. */
  settled: (
    what: string,
    expect: (m: MemberStatus[]) => boolean,
    timeoutMs: number,
  ) => Promise<MemberStatus[]>;
  /** The last lines of each node's Patroni log (for a failure's report). */
  logs: () => Promise<string>;
  stop: () => Promise<void>;
};

/**
 * etcd, three Patroni nodes each with its own PostgreSQL 15, and HAProxy in front sending to the
 * leader. The first node to take the lock bootstraps (initdb); the others clone it.
 */
export async function startHaCluster(dir: string): Promise<HaCluster> {
  const etcd = await startEtcd(dir);
  const nodes: PatroniNode[] = [];
  for (const name of ["node1", "node2", "node3"]) nodes.push(await makeNode(dir, name, etcd.endpoint));
  nodes[0]?.start();
  const members = async () => {
    for (const n of nodes) {
      const m = await n.cluster();
      if (m) return m;
    }
    return [];
  };
  const leader = async () => {
    const m = (await members()).find((x) => x.role === "leader" && x.state === "running");
    return nodes.find((n) => n.name === m?.name);
  };
  const settled: HaCluster["settled"] = (what, expect, timeoutMs) =>
    until(
      what,
      async () => {
        const m = await members();
        const ok =
          m.some((x) => x.role === "leader" && x.state === "running") &&
          m.some((x) => x.role === "sync_standby" && (x.state === "streaming" || x.state === "running")) &&
          expect(m);
        return ok ? m : undefined;
      },
      timeoutMs,
    );
  const logs = async () => {
    const parts = await Promise.all(
      nodes.map(async (n) => {
        const text = await readFile(n.log, "utf8").catch(() => "");
        return `--- ${n.name} (${n.log})\n${text.split("\n").slice(-15).join("\n")}`;
      }),
    );
    return parts.join("\n");
  };
  let proxy: PgProxy;
  try {
    // The first node bootstraps alone, so that it is the one that runs initdb; then the others.
    await until("node1 to bootstrap", async () => (await leader()) ?? undefined, 60_000);
    for (const n of nodes.slice(1)) n.start();
    proxy = await startPgProxy(nodes);
  } catch (err) {
    for (const n of nodes) await n.killMachine().catch(() => {});
    await etcd.stop();
    throw new Error(`${err instanceof Error ? err.message : err}\n${await logs()}`);
  }
  const url = `postgres://${SUPERUSER.username}:${SUPERUSER.password}@127.0.0.1:${proxy.port}/postgres`;
  return {
    nodes,
    url,
    members,
    leader,
    settled,
    logs,
    // Every part stopped even if one fails: nothing of the run may outlive it.
    stop: async () => {
      const parts = [proxy.stop, ...nodes.map((n) => n.killMachine), etcd.stop];
      for (const stop of parts) await stop().catch((e) => console.error(`stopping: ${e}`));
    },
  };
}

/** Every member streaming or running: the cluster whole again. */
export const allUp = (m: MemberStatus[]) =>
  m.length === 3 && m.every((x) => x.state === "running" || x.state === "streaming");

/** One write through the proxy: true once it commits (on the leader and its standby). */
export async function writes(url: string, timeoutMs = 2_000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on("error", () => {});
  const timer = setTimeout(() => void client.end().catch(() => {}), timeoutMs);
  try {
    await client.connect();
    await client.query("create table if not exists failover_probe (at timestamptz not null)");
    await client.query("insert into failover_probe values (now())");
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    await client.end().catch(() => {});
  }
}
