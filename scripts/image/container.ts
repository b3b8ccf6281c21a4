import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { until } from "../failover/services.ts";
import { run } from "./run.ts";

/** The parts of an image's configuration the test runs and checks. */
export type ImageConfig = { cmd: string[]; user: string; healthcheck: string[]; env: string[] };

export async function imageConfig(image: string): Promise<ImageConfig> {
  const inspected = JSON.parse((await run("buildah", ["inspect", "--type", "image", image])).output) as {
    OCIv1: { config: { Cmd?: string[]; User?: string; Env?: string[] } };
    Docker: { config: { Healthcheck?: { Test?: string[] } } };
  };
  const config = inspected.OCIv1.config;
  return {
    cmd: config.Cmd ?? [],
    user: config.User ?? "",
    healthcheck: inspected.Docker.config.Healthcheck?.Test ?? [],
    env: config.Env ?? [],
  };
}

export type Running = {
  /** Everything the command printed so far. */
  output: () => string;
  /** Its exit code once it ended (null: killed); undefined while it runs. */
  exitCode: () => number | null | undefined;
  /** The command's own process (a container runtime's PID 1), as the host sees it. */
  mainPid: () => Promise<number>;
  /** Sends `signal` to the command and waits for the end: its exit code (null: killed). */
  stop: (signal: NodeJS.Signals, timeoutMs: number) => Promise<number | null>;
  /** Runs another command in the same container (as `docker exec` would): its exit code. */
  exec: (command: string[]) => Promise<number | null>;
  remove: () => Promise<void>;
};

/**
 * Runs `command` in a new container of `image` the only way these machines allow
 * (`podman run` is refused): `buildah run --isolation chroot` on the host's network.
 * buildah does not pass signals on (it kills its child), so stop() signals the command itself.
 */
export async function runContainer(
  image: string,
  command: string[],
  env: Record<string, string>,
  user: string,
): Promise<Running> {
  const name = (await run("buildah", ["from", "--quiet", image])).output.trim();
  const envArgs = Object.entries(env).flatMap(([k, v]) => ["--env", `${k}=${v}`]);
  const child = spawn(
    "buildah",
    ["run", "--isolation", "chroot", "--network", "host", "--user", user, ...envArgs, name, "--", ...command],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const mainPid = () => until("the container's command to start", async () => commandOf(child), 30_000, 100);
  let ended: number | null | undefined;
  void exited.then((code) => {
    ended = code;
  });
  return {
    output: () => output,
    exitCode: () => ended,
    mainPid,
    stop: async (signal, timeoutMs) => {
      if (child.exitCode === null) process.kill(await mainPid(), signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    exec: async (cmd) =>
      (
        await run(
          "buildah",
          [
            "run",
            "--isolation",
            "chroot",
            "--network",
            "host",
            "--user",
            user,
            ...envArgs,
            name,
            "--",
            ...cmd,
          ],
          { check: false },
        )
      ).code,
    remove: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
      await run("buildah", ["rm", name], { check: false });
    },
  };
}

/**
 * The command: the child of buildah-chroot-exec (buildah run -> buildah-chroot-runtime ->
 * buildah-chroot-exec -> command). buildah's helpers re-execute themselves from memory, so their
 * comm varies; their argv[0] is what tells them apart. Not any other child: at the start, buildah
 * runs `chrootuser-open` to read the image's /etc/passwd for --user, and a signal sent to that
 * one fails the run.
 */
function commandOf(child: ChildProcess): number | undefined {
  const kids = new Map<number, number[]>();
  const argv0 = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces, so read from the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      argv0.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0")[0] ?? "");
      kids.set(ppid, [...(kids.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const queue = [child.pid ?? -1];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    const underExec = path.basename(argv0.get(pid) ?? "") === "buildah-chroot-exec";
    for (const kid of kids.get(pid) ?? []) {
      if (underExec) return kid;
      if (path.basename(argv0.get(kid) ?? "").startsWith("buildah")) queue.push(kid);
    }
  }
  return undefined;
}

/** The real uid a process runs as (/proc/<pid>/status). */
export function uidOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("Uid:"));
  return Number(line?.split(/\s+/)[1]);
}
