import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Type-checks every workspace (and the root scripts) with its own tsconfig; fails on the first error. */
const projects = [
  "packages/money",
  "packages/domain",
  "packages/ui-base",
  "packages/api-contract",
  "packages/api-client",
  "packages/kyc-sdk",
  "apps/server",
  "apps/web",
  "apps/kyc-widget",
  "apps/backoffice",
  "e2e",
  ".",
];
let failed = false;
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  const r = spawnSync("tsc", ["-p", project, "--noEmit"], { stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`typecheck failed: ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
