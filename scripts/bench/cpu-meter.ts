import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

/**
 * utime + stime of a process, in ms, from /proc (Linux); with `reaped`, also the children it has
 * waited for (cutime + cstime); undefined when it cannot be read.
 */
function cpuMsOf(pid: number | string, reaped = false): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = Number(fields[11]) + Number(fields[12]);
    const children = reaped ? Number(fields[13]) + Number(fields[14]) : 0;
    return ((own + children) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * Every PostgreSQL process on the machine (the bench's embedded server is the only one it loads),
 * with the backends that have ended: the postmaster reaps them, so their time is in its children's.
 * (Without them, a pool closing idle connections between runs made PostgreSQL's share look small.)
 */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") total += cpuMsOf(pid, true) ?? 0;
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
