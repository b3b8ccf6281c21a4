import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in ms, from /proc (Linux); undefined when it cannot be read. */
function cpuMsOf(pid: number | string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Every PostgreSQL process on the machine (the bench's embedded server is the only one it loads). */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") total += cpuMsOf(pid) ?? 0;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export type CpuSplit = { server: number; postgres: number; generator: number };

/**
 * Where the CPU of a load run goes: the server process, PostgreSQL's processes and this process
 * (the load generator), in ms. Wall-clock figures on a shared machine mix in others' load; CPU
 * time per operation says what the path itself costs. Undefined where /proc is missing.
 */
export function cpuMeter(serverPid: number | undefined): (() => CpuSplit) | undefined {
  if (serverPid === undefined || cpuMsOf(serverPid) === undefined) return undefined;
  return () => {
    const self = process.cpuUsage();
    return {
      server: cpuMsOf(serverPid) ?? 0,
      postgres: postgresCpuMs(),
      generator: (self.user + self.system) / 1000,
    };
  };
}
