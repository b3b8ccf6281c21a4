import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/**
 * The web app's JavaScript budget (issues 24 and 32): the first load of each page (the entry chunk,
 * the page's lazy chunk, everything they import statically and every chunk they import
 * dynamically when the page mounts) is at most that page's limit, gzipped. Run by `npm run lint`:
 * it builds apps/web into a temporary folder, reads Vite's manifest and fails naming every page
 * over its limit, and every page without one.
 *
 *   node scripts/web-budget.ts                  build, check, print each page's figure and limit
 *   node scripts/web-budget.ts --dist <folder>  check an existing build (with .vite/manifest.json)
 *   node scripts/web-budget.ts --budget-kb <n>  one limit for every page (to see it fail: 50)
 */
/**
 * One limit per page, a guard against regressions: each page's figure on React 19 after issue
 * 32's levers (2026-11-27, after each line) plus about 3 KB, so a page that grows is caught on
 * its own rather than hidden under the heaviest page's headroom. A new screen gets its line here
 * (the check fails until it does); docs/web-performance.md says where the bytes go.
 */
export const PAGE_BUDGETS_KB: Readonly<Record<string, number>> = {
  // Set 2026-11-27 (issue 32) after the shared chunks were grouped (vite.config.ts): React DOM,
  // the libraries every page runs and the app code eight or more screens share travel in three
  // files rather than about twenty, at 1 to 8 KB more a page. Figures in comments.
  "src/features/auth/SignUpPage.tsx": 208, // 205.0
  "src/features/auth/ResetPasswordPage.tsx": 205, // 202.0
  "src/features/auth/SignInPage.tsx": 205, // 201.8
  "src/features/auth/ReferralCodePage.tsx": 203, // 199.6
  "src/features/auth/AccountPage.tsx": 202, // 199.0
  "src/features/send/SendPhonePage.tsx": 192, // 188.5
  "src/features/verification/VerificationPage.tsx": 177, // 173.3
  "src/features/receive/ReceivePage.tsx": 169, // 165.4
  "src/features/card-payments/CardWithdrawPage.tsx": 168, // 164.3
  "src/features/card-payments/CardTopUpPage.tsx": 168, // 164.3
  "src/features/iban/IbanPage.tsx": 167, // 163.6
  "src/features/cards/CardOrderPage.tsx": 167, // 163.5
  "src/features/cards/CardsPage.tsx": 167, // 163.4
  "src/features/iban/IbanWithdrawPage.tsx": 167, // 163.2
  "src/features/exchange/ExchangePage.tsx": 165, // 161.2
  "src/features/cards/CardTopUpCryptoPage.tsx": 164, // 160.8
  "src/features/home/HomePage.tsx": 163, // 159.9
  "src/features/earn/EarnPage.tsx": 163, // 159.7
  "src/features/send/SendWalletPage.tsx": 163, // 159.6
  "src/features/history/HistoryPage.tsx": 163, // 159.1
  "src/features/security/SecurityPage.tsx": 161, // 157.5
  "src/features/kit/KitPage.tsx": 161, // 157.5
  "src/features/auth/NotMePage.tsx": 161, // 157.3
  "src/features/limits/LimitsPage.tsx": 160, // 156.4
  "src/features/status/StatusPage.tsx": 160, // 156.3
};

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
  // A send's claim (waiting for its recipient to join) and its Cancel, when its details open (HistoryPage.tsx).
  "src/features/history/ClaimActions.tsx",
  // The courier's phone (and the phone number library), when a plastic card ships elsewhere (AddressStep.tsx).
  "src/features/cards/components/order/CourierPhone.tsx",
  // Not an action but the same for a first load: home's and exchange's charts draw (and fetch
  // @fnando/sparkline) once the browser is idle after the first paint (components/chart/Chart.tsx).
  "src/components/chart/Sparkline.tsx",
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

export type PageFigure = {
  page: string;
  gzipBytes: number;
  budgetKb: number | undefined;
  overBudget: boolean;
};

/**
 * Gzipped bytes of each page's first load against its limit (`budgets`: per page, or one number
 * for every page); `size` reads one file's gzipped size. A page without a limit is over it.
 */
export function checkBudget(
  manifest: Manifest,
  size: (file: string) => number,
  budgets: Readonly<Record<string, number>> | number = PAGE_BUDGETS_KB,
  onUse: readonly string[] = LOADED_ON_USE,
) {
  return pageLoads(manifest, onUse).map(({ page, files }): PageFigure => {
    const gzipBytes = files.reduce((sum, file) => sum + size(file), 0);
    const budgetKb = typeof budgets === "number" ? budgets : budgets[page];
    return { page, gzipBytes, budgetKb, overBudget: budgetKb === undefined || gzipBytes > budgetKb * 1024 };
  });
}

/** The limits that name no page of the build: a renamed or removed screen. */
export function staleBudgets(
  manifest: Manifest,
  budgets: Readonly<Record<string, number>> = PAGE_BUDGETS_KB,
) {
  const pages = new Set(pageLoads(manifest).map((load) => load.page));
  return Object.keys(budgets).filter((page) => !pages.has(page));
}

function main(args: string[]) {
  const oneLimit = option(args, "--budget-kb");
  const budgets = oneLimit === undefined ? PAGE_BUDGETS_KB : Number(oneLimit);
  let dist = option(args, "--dist");
  let temporary: string | undefined;
  if (!dist) {
    temporary = mkdtempSync(path.join(tmpdir(), "kestrel-web-budget-"));
    dist = temporary;
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
    const args = [
      "run",
      // The browser's build only: the server's rendering (dist/.ssr/) ships no byte to a browser.
      "build:client",
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
    const figures = checkBudget(manifest, size, budgets);
    for (const figure of figures.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      const kb = (figure.gzipBytes / 1024).toFixed(1).padStart(6);
      const limit = figure.budgetKb === undefined ? "no limit" : `limit ${figure.budgetKb}`;
      console.log(`${figure.overBudget ? "OVER" : "  ok"} ${kb} KB  ${limit.padEnd(9)}  ${figure.page}`);
    }
    const over = figures.filter((figure) => figure.overBudget);
    const stale = [
      ...staleOnUse(manifest),
      ...(typeof budgets === "number" ? [] : staleBudgets(manifest, budgets)),
    ];
    if (stale.length > 0) {
      // A name that matches nothing would exempt or limit nothing today and the wrong chunk later.
      console.error(
        `web-budget: LOADED_ON_USE or PAGE_BUDGETS_KB names no chunk of this build: ${stale.join(", ")}`,
      );
      process.exitCode = 1;
    }
    if (over.length > 0) {
      console.error(
        `web-budget: ${over.length} page(s) over their limit of gzipped JavaScript: ${over.map((f) => f.page).join(", ")}`,
      );
      process.exitCode = 1;
    } else if (stale.length === 0) {
      console.log("web-budget: ok, every page within its limit of gzipped JavaScript per first load");
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
