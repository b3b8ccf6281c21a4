import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { killNow, stablePort, startService, until } from "./services.ts";

export type Etcd = { endpoint: string; stop: () => Promise<void> };

/**
 * One etcd member on loopback: the store where Patroni keeps the leader lock. Production runs
 * three (or five) on their own machines so the lock survives a machine; one is enough to show
 * PostgreSQL's failover, which is what this test is about.
 */
export async function startEtcd(dir: string): Promise<Etcd> {
  const client = await stablePort();
  const peer = await stablePort();
  const c = `http://127.0.0.1:${client}`;
  const p = `http://127.0.0.1:${peer}`;
  const child: ChildProcess = startService(
    "etcd",
    [
      "--name=dcs",
      `--data-dir=${path.join(dir, "etcd")}`,
      `--listen-client-urls=${c}`,
      `--advertise-client-urls=${c}`,
      `--listen-peer-urls=${p}`,
      `--initial-advertise-peer-urls=${p}`,
      `--initial-cluster=dcs=${p}`,
      "--log-level=warn",
    ],
    { log: path.join(dir, "etcd.log") },
  );
  await until(
    "etcd",
    async () => {
      if (child.exitCode !== null) throw new Error(`etcd exited (${path.join(dir, "etcd.log")})`);
      const res = await fetch(`${c}/health`);
      return res.ok ? true : undefined;
    },
    20_000,
  ).catch((e) => {
    if (child.exitCode !== null) throw new Error(`etcd exited: see ${path.join(dir, "etcd.log")}`);
    throw e;
  });
  return { endpoint: `127.0.0.1:${client}`, stop: () => killNow(child) };
}
