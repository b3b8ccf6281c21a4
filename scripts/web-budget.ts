import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/**
 * The web app's JavaScript budget (issue 24): the first load of any page (the entry chunk, the
 * page's lazy chunk, everything they import statically and every chunk they import dynamically
 * when the page mounts) is at most BUDGET_KB gzipped. Run by `npm run lint`: it builds apps/web into
 * a temporary folder, reads Vite's manifest and fails naming every page over the budget.
 *
 *   node scripts/web-budget.ts                  build, check, print each page's figure
 *   node scripts/web-budget.ts --dist <folder>  check an existing build (with .vite/manifest.json)
 *   node scripts/web-budget.ts --budget-kb <n>  another budget (to see it fail: --budget-kb 50)
 */
/**
 * One limit for every page, a guard against regressions: the heaviest page measured on React 19
 * (sign-up, 199.6 KB on 2026-11-27, React and React DOM 66 KB of it) plus 5 KB. It was
 * 150 KB on issue 24's lighter runtime; docs/web-performance.md says where the bytes go.
 */
export const BUDGET_KB = 205;

/**
 * The dynamic imports that wait for a customer's action, by the imported module's manifest key:
 * they are not part of a first load. Every other dynamic import counts with the page that reaches
 * it, because the manifest cannot tell an import in a mount effect (the phone number library
 * until 2026-11-25) from one in a click handler. A new on-use import is added here, with why.
 */
export const LOADED_ON_USE: readonly string[] = [
  // Radix dialog and the modal frame, on the first open of any modal (components/modal/Modal.tsx).
  "src/components/modal/ModalDialog.tsx",
  // The support chat, when the customer opens it (components/support/SupportChat.tsx).
  "src/components/support/SupportChatPanel.tsx",
  // A card's freeze, limits and PIN dialogs, on the action's button (CardSecurityActions.tsx).
  "src/features/cards/components/security/card-security-modals.ts",
];

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export type PageLoad = { page: string; files: string[] };

/**
 * Each lazily loaded screen with the JavaScript files its first load fetches. The screens are the
 * entry's own dynamic imports (app/routes.tsx) but the on-use ones; below them, a dynamic import
 * counts unless it is on use (`onUse`).
 */
export function pageLoads(manifest: Manifest, onUse: readonly string[] = LOADED_ON_USE): PageLoad[] {
  const waits = new Set(onUse);
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const routes = new Set(entries.flatMap((key) => manifest[key]?.dynamicImports ?? []));
  const pages = [...routes].filter((key) => !waits.has(key));
  // Another screen loads when the customer goes there; an on-use chunk when they act.
  const later = new Set([...routes, ...waits]);
  // A build without lazy screens still has one page: the entry alone.
  const roots = pages.length > 0 ? pages.map((page) => [page]) : [[]];
  return roots.map((page) => ({
    page: page[0] ?? entries.join(", "),
    files: mountClosure(manifest, [...entries, ...page], later),
  }));
}

/** The chunks `keys` fetch on mount: static imports, and dynamic ones but those loaded `later`. */
function mountClosure(manifest: Manifest, keys: string[], later: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const imported of chunk?.imports ?? []) visit(imported);
    for (const imported of chunk?.dynamicImports ?? []) if (!later.has(imported)) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith(".js"));
}

/** The on-use names that match no chunk of the build: a renamed or removed import. */
export function staleOnUse(manifest: Manifest, onUse: readonly string[] = LOADED_ON_USE): string[] {
  return onUse.filter((key) => !manifest[key]);
}

export type PageFigure = { page: string; gzipBytes: number; overBudget: boolean };

/** Gzipped bytes of each page's first load; `size` reads one file's gzipped size. */
export function checkBudget(
  manifest: Manifest,
  size: (file: string) => number,
  budgetKb = BUDGET_KB,
  onUse: readonly string[] = LOADED_ON_USE,
) {
  return pageLoads(manifest, onUse).map(({ page, files }): PageFigure => {
    const gzipBytes = files.reduce((sum, file) => sum + size(file), 0);
    return { page, gzipBytes, overBudget: gzipBytes > budgetKb * 1024 };
  });
}

function main(args: string[]) {
  const budgetKb = Number(option(args, "--budget-kb") ?? BUDGET_KB);
  let dist = option(args, "--dist");
  let temporary: string | undefined;
  if (!dist) {
    temporary = mkdtempSync(path.join(tmpdir(), "kestrel-web-budget-"));
    dist = temporary;
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
    const args = [
      "run",
      "build",
      "--silent",
      "-w",
      "apps/web",
      "--",
      "--outDir",
      dist,
      "--emptyOutDir",
      "--logLevel",
      "error",
    ];
    const build = spawnSync("npm", args, {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) throw new Error("web-budget: the build of apps/web failed");
  }
  try {
    const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
    const sizes = new Map<string, number>();
    const size = (file: string) => {
      const known = sizes.get(file);
      if (known !== undefined) return known;
      const bytes = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
      sizes.set(file, bytes);
      return bytes;
    };
    const figures = checkBudget(manifest, size, budgetKb);
    for (const figure of figures.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      const kb = (figure.gzipBytes / 1024).toFixed(1).padStart(6);
      console.log(`${figure.overBudget ? "OVER" : "  ok"} ${kb} KB  ${figure.page}`);
    }
    const over = figures.filter((figure) => figure.overBudget);
    const stale = staleOnUse(manifest);
    if (stale.length > 0) {
      // An on-use name that matches nothing would exempt nothing today and the wrong chunk later.
      console.error(`web-budget: LOADED_ON_USE names no chunk of this build: ${stale.join(", ")}`);
      process.exitCode = 1;
    }
    if (over.length > 0) {
      console.error(
        `web-budget: ${over.length} page(s) load more than ${budgetKb} KB of gzipped JavaScript first`,
      );
      process.exitCode = 1;
    } else if (stale.length === 0) {
      console.log(`web-budget: ok, budget ${budgetKb} KB of gzipped JavaScript per first load`);
    }
  } finally {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  main(process.argv.slice(2));
