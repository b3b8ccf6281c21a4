import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkBudget,
  type Manifest,
  PAGE_BUDGETS_KB,
  pageLoads,
  staleBudgets,
  staleOnUse,
} from "./web-budget.ts";

const KB = 1024;

/** A build like Vite's: an entry whose lazy screens are its dynamic imports. */
const manifest: Manifest = {
  "index.html": {
    file: "assets/index.js",
    isEntry: true,
    imports: ["_shared.js"],
    dynamicImports: ["src/SignIn.tsx", "src/Home.tsx", "src/Chat.tsx"],
  },
  "_shared.js": { file: "assets/shared.js" },
  "src/SignIn.tsx": { file: "assets/SignIn.js", isDynamicEntry: true, imports: ["_phone.js"] },
  // The phone field's hook imports the library in a mount effect.
  "_phone.js": { file: "assets/phone.js", dynamicImports: ["src/phone-library.ts"] },
  "src/phone-library.ts": { file: "assets/phone-library.js", isDynamicEntry: true },
  // Home opens a dialog on a click, and links to sign-in (another screen, not its load).
  "src/Home.tsx": {
    file: "assets/Home.js",
    isDynamicEntry: true,
    imports: ["_shared.js"],
    dynamicImports: ["src/Dialog.tsx", "src/SignIn.tsx"],
  },
  "src/Dialog.tsx": { file: "assets/Dialog.js", isDynamicEntry: true },
  "src/Chat.tsx": { file: "assets/Chat.js", isDynamicEntry: true },
  "_style.css": { file: "assets/style.css" },
};
const onUse = ["src/Dialog.tsx", "src/Chat.tsx"];

const sizes: Record<string, number> = {
  "assets/index.js": 60 * KB,
  "assets/shared.js": 30 * KB,
  "assets/SignIn.js": 20 * KB,
  "assets/phone.js": 1 * KB,
  "assets/phone-library.js": 29 * KB,
  "assets/Home.js": 10 * KB,
  "assets/Dialog.js": 12 * KB,
  "assets/Chat.js": 5 * KB,
};
const size = (file: string) => sizes[file] ?? 0;

describe("the web budget", () => {
  it("counts what a page loads on mount, dynamic imports included, but not on-use chunks or other screens", () => {
    const loads = Object.fromEntries(pageLoads(manifest, onUse).map((p) => [p.page, p.files.sort()]));
    expect(loads).toEqual({
      "src/SignIn.tsx": [
        "assets/SignIn.js",
        "assets/index.js",
        "assets/phone-library.js",
        "assets/phone.js",
        "assets/shared.js",
      ],
      "src/Home.tsx": ["assets/Home.js", "assets/index.js", "assets/shared.js"],
    });
  });

  it("holds each page to its own limit, and fails only the page over it", () => {
    // Sign-in: 60 + 30 + 20 + 1 + 29 = 140 KB; home: 60 + 30 + 10 = 100 KB.
    const limits = { "src/SignIn.tsx": 150, "src/Home.tsx": 105 };
    const bigger = (extra: number) => (f: string) => size(f) + (f === "assets/SignIn.js" ? extra : 0);
    const atLimit = checkBudget(manifest, bigger(10 * KB), limits, onUse);
    expect(atLimit.filter((p) => p.overBudget)).toEqual([]);
    const over = checkBudget(manifest, bigger(10 * KB + 1), limits, onUse);
    expect(over.filter((p) => p.overBudget)).toEqual([
      { page: "src/SignIn.tsx", gzipBytes: 150 * KB + 1, budgetKb: 150, overBudget: true },
    ]);
    // Home's 100 KB would pass sign-in's limit: its own is what holds it.
    const homeOver = checkBudget(
      manifest,
      (f) => size(f) + (f === "assets/Home.js" ? 6 * KB : 0),
      limits,
      onUse,
    );
    expect(homeOver.filter((p) => p.overBudget).map((p) => p.page)).toEqual(["src/Home.tsx"]);
  });

  it("fails a page without a limit, and names a limit whose page is gone", () => {
    const figures = checkBudget(manifest, size, { "src/SignIn.tsx": 150 }, onUse);
    expect(figures.find((p) => p.page === "src/Home.tsx")).toMatchObject({
      budgetKb: undefined,
      overBudget: true,
    });
    expect(staleBudgets(manifest, { "src/SignIn.tsx": 150, "src/Gone.tsx": 10 })).toEqual(["src/Gone.tsx"]);
  });

  it("counts a library imported in a mount effect: without it sign-in would pass", () => {
    const mounted = checkBudget(manifest, size, 130, onUse);
    expect(mounted.find((p) => p.page === "src/SignIn.tsx")).toMatchObject({
      gzipBytes: 140 * KB,
      overBudget: true,
    });
    const exempted = checkBudget(manifest, size, 130, [...onUse, "src/phone-library.ts"]);
    expect(exempted.find((p) => p.page === "src/SignIn.tsx")).toMatchObject({
      gzipBytes: 111 * KB,
      overBudget: false,
    });
  });

  it("names the on-use chunks that no longer exist", () => {
    expect(staleOnUse(manifest, onUse)).toEqual([]);
    expect(staleOnUse(manifest, [...onUse, "src/Gone.tsx"])).toEqual(["src/Gone.tsx"]);
  });
});

describe("node scripts/web-budget.ts --dist", () => {
  let dist: string | undefined;
  afterEach(() => {
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  /**
   * A fake build with the real on-use names and every page of PAGE_BUDGETS_KB, empty but one: its
   * chunk of `kb` KB that gzip cannot shrink.
   */
  const [page, limit] = Object.entries(PAGE_BUDGETS_KB)[0] as [string, number];
  function fakeBuild(kb: number) {
    dist = mkdtempSync(path.join(tmpdir(), "kestrel-web-budget-test-"));
    mkdirSync(path.join(dist, ".vite"));
    mkdirSync(path.join(dist, "assets"));
    const pages = Object.keys(PAGE_BUDGETS_KB);
    const fake: Manifest = {
      "index.html": { file: "assets/index.js", isEntry: true, dynamicImports: pages },
    };
    for (const key of pages)
      fake[key] = { file: key === page ? "assets/Page.js" : "assets/empty.js", isDynamicEntry: true };
    for (const key of staleOnUse(fake)) fake[key] = { file: "assets/on-use.js", isDynamicEntry: true };
    writeFileSync(path.join(dist, ".vite/manifest.json"), JSON.stringify(fake));
    writeFileSync(path.join(dist, "assets/index.js"), "");
    writeFileSync(path.join(dist, "assets/empty.js"), "");
    writeFileSync(path.join(dist, "assets/on-use.js"), randomBytes(200 * KB));
    writeFileSync(path.join(dist, "assets/Page.js"), randomBytes(kb * KB));
    return spawnSync(process.execPath, [path.join(import.meta.dirname, "web-budget.ts"), "--dist", dist], {
      encoding: "utf8",
    });
  }

  it("exits with an error naming the page over its limit", () => {
    const run = fakeBuild(limit + 1);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`OVER\\s+${limit + 1}\\.\\d KB\\s+limit ${limit}\\s+${page}`));
    expect(run.stderr).toContain(`1 page(s) over their limit of gzipped JavaScript: ${page}`);
  });

  it("passes a page under it", () => {
    const run = fakeBuild(limit - 10);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("web-budget: ok");
  });
});
