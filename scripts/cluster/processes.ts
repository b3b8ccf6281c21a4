import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type ServerProcess, startServerProcess } from "../../apps/server/src/server-process.ts";
import type { ClusterCustomer } from "./customers.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const FUNDING = "100"; // EUR per customer
export const FUNDING_MINOR = 10_000n;

/** Each customer's wallet credited through the proxy (its merchant's sandbox faucet, by key). */
export async function fund(url: string, customers: ClusterCustomer[]) {
  for (const c of customers) {
    const res = await fetch(`${url}/sandbox/wallets/credit`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-merchant-id": c.merchantId,
        "idempotency-key": `fund-${c.id}`,
      },
      body: JSON.stringify({ phone: c.phone, currency: "EUR", amount: FUNDING }),
    });
    if (res.status !== 200) throw new Error(`funding ${c.phone}: ${res.status} ${await res.text()}`);
  }
}

/** `npm run start:worker`'s process (node directly, so that signals reach it, not npm). */
export function startWorkerProcess(databaseUrl: string): ChildProcess {
  const child = spawn(process.execPath, [path.join(repoRoot, "apps/server/src/worker-main.ts")], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Its warnings and errors kept (the last 60 lines): a run that finds the worker idle says why.
  const lines: string[] = [];
  logTails.set(child, lines);
  const keep = (line: string) => {
    lines.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
    if (lines.length > 60) lines.shift();
  };
  if (child.stdout) createInterface({ input: child.stdout }).on("line", keep);
  if (child.stderr)
    createInterface({ input: child.stderr }).on("line", (line) => {
      keep(line);
      process.stderr.write(`[worker] ${line}\n`);
    });
  return child;
}

const logTails = new WeakMap<ChildProcess, string[]>();

/** The last warnings and errors a worker started by startWorkerProcess logged. */
export const workerLogTail = (child: ChildProcess): string[] => logTails.get(child) ?? [];

/** SIGTERM, then waits for the exit (nothing to do if it already exited). */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await exited;
}

export const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** The server's environment under load on one machine: quiet logs, rate limits out of the way. */
export const LOAD_ENV = { LOG_LEVEL: "error", IP_LIMIT_MULTIPLIER: "10000", TRUSTED_PROXIES: "127.0.0.1" };

/**
 * `count` server instances started at once, as an orchestrator starts them (they take turns at
 * the database's preparation). If one fails to start, the others are stopped before the error
 * goes on: no instance outlives the run.
 */
export async function startInstances(
  count: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startServerProcess(databaseUrl, { ...LOAD_ENV, ...env })),
  );
  const failed = started.find((s) => s.status === "rejected");
  if (!failed) return started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value);
  await Promise.all(started.map((s) => (s.status === "fulfilled" ? s.value.stop() : undefined)));
  throw failed.reason;
}
