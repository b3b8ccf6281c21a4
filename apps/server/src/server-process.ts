import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { freePort } from "./db/embedded.ts";

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), "main.ts");

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
  kill: () => Promise<void>;
};

/**
 * The server as its own process (no worker), as production runs it, on `databaseUrl`: for the
 * benchmark and for tests that must kill it. BENCH_CPU_PROF=dir writes a V8 CPU profile there.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  /** A port of its own (an instance restarted where its load balancer expects it); else a free one. */
  fixedPort?: number,
): Promise<ServerProcess> {
  const port = fixedPort ?? (await freePort());
  const prof = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...prof, MAIN, "--no-worker"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: "warn",
      WORKER: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    if (!child.stdout) return reject(new Error("the server's output is not piped"));
    // A request that failed as a bug (logged at error level: a 500) is told on stderr, so a load
    // test that counts a key never answered also shows why.
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.includes("Kestrel is ready")) resolve();
      const failure = errorLogLine(line);
      if (failure) process.stderr.write(`[server :${port}] ${failure}\n`);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code} before it was ready`)));
  });
  const exited = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.on("exit", () => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      child.kill("SIGTERM");
      await exited();
    },
    kill: async () => {
      child.kill("SIGKILL");
      await exited();
    },
  };
}

/** A pino line at error level or above, as one short line (message and the error's text); else undefined. */
function errorLogLine(line: string): string | undefined {
  let entry: { level?: number; msg?: string; err?: { message?: string } };
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  if ((entry.level ?? 0) < 50) return undefined;
  const err = entry.err?.message ? `: ${entry.err.message}` : "";
  return `${entry.msg ?? ""}${err}`.slice(0, 400);
}
