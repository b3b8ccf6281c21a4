import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { chown, mkdir } from "node:fs/promises";
import net from "node:net";
import { databaseUser } from "./binaries.ts";

/**
 * A long-running tool (etcd, Patroni, HAProxy) started in the foreground with its output in a log
 * file under the run's folder (printed when something fails). `asDatabaseUser`: as `postgres`
 * when we are root (PostgreSQL refuses root).
 */
export function startService(
  command: string,
  args: string[],
  opts: { log: string; asDatabaseUser?: boolean; env?: Record<string, string> },
): ChildProcess {
  const user = opts.asDatabaseUser ? databaseUser() : undefined;
  const out = createWriteStream(opts.log, { flags: "a" });
  const child = spawn(command, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...opts.env },
    ...(user ?? {}),
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return child;
}

/** A folder the database user may write (the run's temporary folders are made by us). */
export async function databaseDir(dir: string) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const user = databaseUser();
  if (user) await chown(dir, user.uid, user.gid);
}

export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(everyMs);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGKILL and wait for the exit: a machine losing power, as far as this process is concerned. */
export async function killNow(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
}

/**
 * A free loopback port below the kernel's ephemeral range (32768 and up on Linux): a node's port
 * is chosen before its PostgreSQL binds it, seconds later, and a port from that range could be
 * handed meanwhile to any outgoing connection on this busy machine.
 */
const handedOut = new Set<number>();
export async function stablePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (free) {
      handedOut.add(port);
      return port;
    }
  }
}
