import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createProxyServer } from "http-proxy-3";
import { freePort } from "../../apps/server/src/db/embedded.ts";

export type LoadBalancer = { url: string; kind: "haproxy" | "node"; close: () => Promise<void> };

/** HAProxy when it is installed (as production would run one), else the small Node proxy. */
export async function startProxy(upstreams: string[]): Promise<LoadBalancer> {
  return haproxyPath() ? startHaproxy(upstreams) : startNodeProxy(upstreams);
}

function haproxyPath(): string | undefined {
  try {
    return execFileSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * HAProxy, round robin over the instances, each checked on /readyz twice a second. A request
 * whose connection an instance refused goes to the other (`retries`, `option redispatch`): it
 * never reached a server, so sending it again is safe; one cut mid-way answers 502 and the client
 * retries with its Idempotency-Key.
 */
async function startHaproxy(upstreams: string[]): Promise<LoadBalancer> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), "kestrel-haproxy-"));
  const servers = upstreams.map((u, i) => {
    const { hostname, port: p } = new URL(u);
    return `  server s${i} ${hostname}:${p} check`;
  });
  const config = [
    "global",
    "  maxconn 2048",
    "defaults",
    "  mode http",
    "  timeout connect 1s",
    "  timeout client 60s",
    "  timeout server 60s",
    // A check answered late on a loaded machine is not a failed one: /readyz waits up to 2 s.
    "  timeout check 2s",
    "  retries 2",
    "  option redispatch",
    "  option forwardfor",
    // With no instance ready (their /readyz fails while the database elects a leader), HAProxy
    // answers as an instance would: the error body, 503, Retry-After (docs/operations.md).
    `  http-error status 503 content-type "application/json; charset=utf-8" string ${JSON.stringify(UNAVAILABLE_BODY)} hdr retry-after 2`,
    "frontend kestrel",
    `  bind 127.0.0.1:${port}`,
    "  default_backend instances",
    "backend instances",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    "  default-server inter 500ms fall 1 rise 2",
    ...servers,
    "",
  ].join("\n");
  const file = path.join(dir, "haproxy.cfg");
  await writeFile(file, config);
  const child: ChildProcess = spawn("haproxy", ["-f", file, "-db"], { stdio: ["ignore", "ignore", "pipe"] });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(url, child);
  return {
    url,
    kind: "haproxy",
    close: async () => {
      // A second close finds it gone (killed: no exit code, a signal) and must not wait for an exit.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const UNAVAILABLE_BODY = JSON.stringify({
  error: "SERVICE_UNAVAILABLE",
  errorId: 503,
  message: "The service is unavailable. Please try again later.",
});

async function waitUntilAnswering(url: string, child: ChildProcess) {
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`haproxy did not answer: ${stderr}`);
}

/**
 * A small round-robin proxy (http-proxy-3). An instance that refuses or drops a connection is
 * left out for two seconds; the request that met it answers 502 and the client retries it with
 * its Idempotency-Key (it may or may not have reached the instance: only the key makes a retry
 * safe).
 */
async function startNodeProxy(upstreams: string[]): Promise<LoadBalancer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const proxy = createProxyServer({ xfwd: true, agent, proxyTimeout: 60_000 });
  const downUntil = new Map<string, number>();
  let next = 0;
  const pick = () => {
    for (let i = 0; i < upstreams.length; i++) {
      const u = upstreams[next++ % upstreams.length] as string;
      if ((downUntil.get(u) ?? 0) <= Date.now()) return u;
    }
    return upstreams[next++ % upstreams.length] as string;
  };
  const server = http.createServer((req, res) => {
    const target = pick();
    proxy.web(req, res, { target }, (err: Error) => {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ECONNREFUSED" || code === "ECONNRESET" || code === "EPIPE") {
        downUntil.set(target, Date.now() + 2_000);
      }
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "BAD_GATEWAY", message: "The instance did not answer." }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    kind: "node",
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      proxy.close();
      agent.destroy();
    },
  };
}
