import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pino from "pino";
import { ConfigError, loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import {
  type EmbeddedDatabase,
  embeddedDatabaseUrl,
  startEmbeddedPostgres,
} from "../apps/server/src/db/embedded.ts";
import { OPERATOR_ROLES, type OperatorRole } from "../apps/server/src/db/schema/index.ts";
import { operatorsServiceOn } from "../apps/server/src/modules/operators/index.ts";

/**
 * `npm run operator:create -- --email E --role ROLE [--merchant ID]`: a back-office operator.
 * Prints the password and the TOTP enrolment URI once; neither is stored readable. DATABASE_URL
 * set: that database; unset: the embedded one under DATA_DIR (running or not). Kestrel must have
 * started on it once (its start migrates).
 */
class Usage extends Error {}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, role: { type: "string" }, merchant: { type: "string" } },
  });
  const role = values.role?.toUpperCase().replace(/-/g, "_") as OperatorRole | undefined;
  if (!values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email)) throw new Usage("--email: an email address");
  if (!role || !OPERATOR_ROLES.includes(role)) throw new Usage(`--role: one of ${OPERATOR_ROLES.join(", ")}`);
  if (role !== "PLATFORM_ADMIN" && !values.merchant)
    throw new Usage("--merchant: the merchant's id (every role but PLATFORM_ADMIN)");
  if (role === "PLATFORM_ADMIN" && values.merchant) throw new Usage("--merchant: a platform admin has none");

  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const dir = path.join(config.dataDir, "postgres");
    if (!existsSync(path.join(dir, "PG_VERSION")))
      throw new Usage(`no database under ${dir}: start Kestrel once, or set DATABASE_URL`);
    const port = runningPort(dir);
    if (port) url = embeddedDatabaseUrl(port);
    else {
      embedded = await startEmbeddedPostgres(dir, pino({ level: "warn" }));
      url = embedded.url;
    }
  }
  const database = openDatabase(url, { max: 2 });
  try {
    const created = await operatorsServiceOn(database.pool).createOperator({
      email: values.email,
      role,
      merchantId: values.merchant ?? null,
    });
    if (!created) throw new Usage(`an operator with the email ${values.email} exists`);
    console.log(`Operator ${created.operator.email} (${created.operator.role}) created.`);
    console.log(`One-time password: ${created.password}`);
    console.log(`TOTP enrolment URI (scan or paste into an authenticator app): ${created.totpUri}`);
    console.log("Neither is shown again.");
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

/** The port of the embedded server running on `dir` (postmaster.pid's fourth line), if one is. */
function runningPort(dir: string): number | undefined {
  const lock = path.join(dir, "postmaster.pid");
  if (!existsSync(lock)) return undefined;
  const lines = readFileSync(lock, "utf8").split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return undefined;
  }
  const port = Number.parseInt(lines[3] ?? "", 10);
  return Number.isInteger(port) ? port : undefined;
}

main().catch((err: unknown) => {
  const known = err instanceof Usage || err instanceof ConfigError;
  console.error(
    `operator:create: ${err instanceof Error ? (known ? err.message : (err.stack ?? err.message)) : String(err)}`,
  );
  process.exit(known ? 2 : 1);
});
