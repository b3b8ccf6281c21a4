import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PatroniNode } from "./patroni.ts";
import { killNow, stablePort, startService, until } from "./services.ts";

export type PgProxy = { port: number; stop: () => Promise<void> };

/**
 * HAProxy in TCP mode in front of the three nodes: a connection goes to the one whose Patroni
 * answers 200 on /primary (only the leader does), checked every 300 ms. When the leader is
 * marked down its open connections are cut (`on-marked-down shutdown-sessions`), so no
 * application connection lingers on a demoted node.
 */
export async function startPgProxy(nodes: PatroniNode[]): Promise<PgProxy> {
  const port = await stablePort();
  const dir = await mkdtemp(path.join(tmpdir(), "kestrel-pgproxy-"));
  const config = [
    "global",
    "  maxconn 1000",
    "defaults",
    "  mode tcp",
    "  timeout connect 1s",
    "  timeout client 30m",
    "  timeout server 30m",
    "  timeout check 1s",
    "listen postgres",
    `  bind 127.0.0.1:${port}`,
    "  option httpchk GET /primary",
    "  http-check expect status 200",
    "  default-server inter 300ms fall 2 rise 1 on-marked-down shutdown-sessions",
    ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.restPort}`),
    "",
  ].join("\n");
  const file = path.join(dir, "haproxy.cfg");
  await writeFile(file, config);
  const child = startService("haproxy", ["-f", file, "-db"], { log: path.join(dir, "haproxy.log") });
  await until(
    "haproxy listening",
    () =>
      new Promise<true | undefined>((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.destroy();
          resolve(true);
        });
        socket.on("error", () => resolve(undefined));
      }),
    5_000,
    50,
  );
  return {
    port,
    stop: async () => {
      await killNow(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
