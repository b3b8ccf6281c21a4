import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The front-end apps the server serves, with what their build depends on. */
const APPS: Array<{ workspace: string; inputs: string[]; output?: string }> = [
  {
    workspace: "apps/web",
    inputs: ["apps/web/src", "apps/web/index.html", "apps/web/vite.config.ts", "packages"],
    // Its build's last step: the server's rendering of the public pages (docs/web-performance.md).
    output: "dist/.ssr/entry-server.js",
  },
  {
    workspace: "apps/kyc-widget",
    inputs: [
      "apps/kyc-widget/src",
      "apps/kyc-widget/index.html",
      "apps/kyc-widget/vite.config.ts",
      "packages",
    ],
  },
  {
    workspace: "apps/backoffice",
    inputs: [
      "apps/backoffice/src",
      "apps/backoffice/index.html",
      "apps/backoffice/vite.config.ts",
      "packages",
    ],
  },
];

/** Builds each app whose dist is missing or older than any of its sources. */
export function buildStaleApps(log: (line: string) => void = console.log): void {
  for (const app of APPS) {
    const built = path.join(root, app.workspace, app.output ?? "dist/index.html");
    const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
    const newest = Math.max(...app.inputs.map((p) => newestMtime(path.join(root, p))));
    if (builtAt >= newest) continue;
    log(`Building ${app.workspace}...`);
    // Always a production build, whatever NODE_ENV the caller runs under (tests run with "test").
    const env = { ...process.env, NODE_ENV: "production" };
    const result = spawnSync("npm", ["run", "build", "-w", app.workspace], {
      cwd: root,
      stdio: "inherit",
      env,
    });
    if (result.status !== 0) throw new Error(`build of ${app.workspace} failed`);
  }
}

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    if (entry.name.endsWith(".test.ts") || entry.name.endsWith(".test.tsx")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) buildStaleApps();
