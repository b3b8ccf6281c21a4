import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { databaseUser, PG_BIN } from "./binaries.ts";
import { databaseDir } from "./services.ts";

const run = promisify(execFile);

/** A one-shot tool as the database user (PostgreSQL's and pgBackRest's commands refuse root). */
async function asDatabaseUser(command: string, args: string[]): Promise<string> {
  const { stdout } = await run(command, args, { ...(databaseUser() ?? {}), encoding: "utf8" }).catch((e) => {
    throw new Error(`${command} ${args.join(" ")}: ${e.stderr || e.stdout || e.message}`);
  });
  return stdout;
}

export type Node = { dataDir: string; port: number; log: string };

/** initdb for a standalone PostgreSQL 15 (trust on loopback: a throwaway test database). */
export async function initNode(node: Node, settings: string[]) {
  await databaseDir(node.dataDir);
  await asDatabaseUser(path.join(PG_BIN, "initdb"), [
    "-D",
    node.dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--no-locale",
    "--data-checksums",
  ]);
  await writeFile(path.join(node.dataDir, "postgresql.auto.conf"), `${settings.join("\n")}\n`, { flag: "a" });
}

export const pgCtl = (node: Node, action: "start" | "stop") =>
  asDatabaseUser(path.join(PG_BIN, "pg_ctl"), [
    action,
    "-D",
    node.dataDir,
    "-w",
    "-t",
    "60",
    ...(action === "start"
      ? [
          "-l",
          node.log,
          "-o",
          `-p ${node.port} -c listen_addresses=127.0.0.1 -k ${path.dirname(node.dataDir)}`,
        ]
      : ["-m", "fast"]),
  ]);

export const nodeUrl = (node: Node) => `postgres://postgres@127.0.0.1:${node.port}/postgres`;

/**
 * pgBackRest with its repository in `dir` (production: a repository on other storage, an S3
 * bucket or a backup host; docs/operations.md). One stanza, `kestrel`, for the cluster at `node`.
 */
export async function pgBackRest(dir: string, node: Node) {
  const config = path.join(dir, "pgbackrest.conf");
  await databaseDir(path.join(dir, "repo"));
  await databaseDir(path.join(dir, "pgbr-log"));
  await databaseDir(path.join(dir, "pgbr-lock"));
  await writeFile(
    config,
    [
      "[global]",
      `repo1-path=${path.join(dir, "repo")}`,
      "repo1-retention-full=2",
      `log-path=${path.join(dir, "pgbr-log")}`,
      `lock-path=${path.join(dir, "pgbr-lock")}`,
      "log-level-console=warn",
      "log-level-file=info",
      "start-fast=y",
      "[kestrel]",
      `pg1-path=${node.dataDir}`,
      `pg1-port=${node.port}`,
      `pg1-socket-path=${path.dirname(node.dataDir)}`,
      "pg1-user=postgres",
      "",
    ].join("\n"),
    { mode: 0o644 },
  );
  const cmd = (...args: string[]) =>
    asDatabaseUser("pgbackrest", [`--config=${config}`, "--stanza=kestrel", ...args]);
  return {
    /** What PostgreSQL runs for each finished WAL segment (archive_command). */
    archiveCommand: `pgbackrest --config=${config} --stanza=kestrel archive-push %p`,
    stanzaCreate: () => cmd("stanza-create"),
    check: () => cmd("check"),
    backupFull: () => cmd("--type=full", "backup"),
    info: () => cmd("info"),
    /** Into `into` (an empty folder), replaying WAL up to `time`, then open for writes. */
    restoreToTime: (into: string, time: string) =>
      cmd(`--pg1-path=${into}`, "--type=time", `--target=${time}`, "--target-action=promote", "restore"),
  };
}
