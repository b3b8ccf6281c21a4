import { execFileSync } from "node:child_process";

/** The PostgreSQL 15 binaries Debian's `postgresql-15` installs (Patroni and pgBackRest use them). */
export const PG_BIN = "/usr/lib/postgresql/15/bin";

/**
 * Exits with one line saying what to install when a tool is not on this machine: these scripts
 * install nothing themselves (CI does, in .ci/run).
 */
export function requireTools(script: string, tools: { bin: string; debian: string; probe?: string }[]) {
  const missing = tools.filter((t) => !works(t.probe ?? `command -v ${t.bin}`));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((t) => t.debian))].join(" ");
  console.error(
    `${script}: missing ${missing.map((t) => t.bin).join(", ")}: install with \`apt-get install ${packages}\``,
  );
  process.exit(2);
}

function works(probe: string): boolean {
  try {
    execFileSync("sh", ["-c", probe], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL refuses to run as root: as root, the database side (Patroni, its PostgreSQL,
 * pgBackRest) runs as Debian's `postgres` user, which `postgresql-15` creates.
 */
export function databaseUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}
