import { open, stat } from "node:fs/promises";
import { type CitusCluster, sql } from "./cluster.ts";

/** A statement Citus split into tasks on several shards, as its log said. */
export type MultiTask = {
  /** The connection's application name: whose statement it was. */
  app: string;
  /** The statement that fanned out (inside a function: the function's statement). */
  statement: string;
  /** The request's statement when the fan-out ran inside a function it called. */
  caller?: string;
  count: number;
  /** The steps (as marked) during which it ran. */
  steps: string[];
};

/**
 * The fan-outs a request may make, each with why: statements whose WHERE cannot name a merchant
 * because the caller does not know it. Anything else the journeys' server runs on more than one
 * shard fails the run (fix its SQL: `merchant_id = $n` where the merchant is known).
 */
const ALLOWED: { pattern: RegExp; why: string }[] = [
  {
    // GET /sandbox/sms: the sandbox's stand-in for the SMS gateway, read by the test for the
    // texted code. No such route outside sandbox mode; the phone alone names the outbox rows.
    pattern: /^select .* from sms_outbox where phone = \$1 /,
    why: "sandbox SMS outbox read by phone (the test reading its texted code; sandbox-only route)",
  },
  {
    // POST /v1/chain/notifications: the chain (an outside party) names our withdrawal by its id
    // only; it does not know the merchant. One lookup on every shard per notification.
    pattern:
      /^(select .* from crypto_withdrawals where id = \$1|update crypto_withdrawals set .* where id = \$1 and status = 'PENDING')/,
    why: "the chain's notification names the withdrawal by id alone (outside party, no merchant known)",
  },
];

export const allowance = (statement: string) => ALLOWED.find((a) => a.pattern.test(statement))?.why;

const MESSAGE = "multi-task query about to be executed";
const MARK = "journey step: ";
// While the journeys run: Citus logs each statement it splits into several tasks, the log names
// the connection's application, and a LOG message carries its statement (and a function's inner one).
const SETTINGS: [string, string][] = [
  ["citus.multi_task_query_log_level", "log"],
  ["log_min_error_statement", "log"],
  ["log_line_prefix", "%m [%p] %a "],
];

/**
 * Follows the coordinator's log while the journeys run: `mark` writes the step's name into it,
 * `stop` puts the settings back and answers every multi-task statement logged meanwhile, by step.
 */
export async function watchMultiTask(cluster: CitusCluster) {
  for (const [name, value] of SETTINGS) await sql(cluster.url, `alter system set ${name} = '${value}'`);
  await sql(cluster.url, "select pg_reload_conf()");
  const from = (await stat(cluster.coordinator.log)).size;
  return {
    async mark(step: string) {
      await sql(cluster.url, `do $$ begin raise log '${MARK}%', ${literal(step)}; end $$`);
    },
    async stop(): Promise<MultiTask[]> {
      for (const [name] of SETTINGS) await sql(cluster.url, `alter system reset ${name}`);
      await sql(cluster.url, "select pg_reload_conf()");
      return parse(await readFrom(cluster.coordinator.log, from));
    },
  };
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function readFrom(file: string, offset: number): Promise<string> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(size - offset);
    await handle.read(buffer, 0, buffer.length, offset);
    return buffer.toString("utf8");
  } finally {
    await handle.close();
  }
}

type Entry = { pid: string; app: string; level: string; text: string };
const PREFIX = /^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[(\d+)\] (\S*) ?([A-Z]+): {2}(.*)$/;

/** The log's entries (a line without the prefix continues the one before), then the fan-outs. */
function parse(log: string): MultiTask[] {
  const entries: Entry[] = [];
  for (const line of log.split("\n")) {
    const m = PREFIX.exec(line);
    if (m) entries.push({ pid: m[1] ?? "", app: m[2] ?? "", level: m[3] ?? "", text: m[4] ?? "" });
    else if (entries.length > 0) (entries.at(-1) as Entry).text += `\n${line}`;
  }
  const found = new Map<string, MultiTask>();
  let step = "(before the first step)";
  entries.forEach((e, i) => {
    if (e.level === "LOG" && e.text.startsWith(MARK)) step = e.text.slice(MARK.length).split("\n")[0] ?? step;
    if (e.level !== "LOG" || e.text !== MESSAGE) return;
    // The message's own lines follow it: HINT, CONTEXT (inside a function), STATEMENT.
    let context: string | undefined;
    let statement = "";
    for (const next of entries.slice(i + 1, i + 5)) {
      if (next.pid !== e.pid || next.level === "LOG") break;
      if (next.level === "CONTEXT")
        context = /SQL statement "([\s\S]*?)"\n?/.exec(next.text)?.[1] ?? next.text;
      if (next.level === "STATEMENT") statement = next.text;
    }
    const inner = oneLine(context ?? statement);
    const key = `${e.app}\u0000${inner}`;
    const row = found.get(key) ?? {
      app: e.app,
      statement: inner,
      ...(context ? { caller: oneLine(statement) } : {}),
      count: 0,
      steps: [],
    };
    row.count++;
    if (!row.steps.includes(step)) row.steps.push(step);
    found.set(key, row);
  });
  return [...found.values()].sort((a, b) => b.count - a.count);
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
