import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUDGET_KB, checkBudget, type Manifest, pageLoads, staleOnUse } from "./web-budget.ts";

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

  it("fails a page over the budget of gzipped JavaScript, and only that page", () => {
    // Sign-in: 60 + 30 + 20 + 1 + 29 = 140 KB. Up to the budget more of its own chunk and it is over.
    expect(BUDGET_KB).toBe(205);
    const bigger = (extra: number) => (f: string) => size(f) + (f === "assets/SignIn.js" ? extra : 0);
    const atBudget = checkBudget(manifest, bigger((BUDGET_KB - 140) * KB), BUDGET_KB, onUse);
    expect(atBudget.find((p) => p.page === "src/SignIn.tsx")).toMatchObject({ overBudget: false });
    const over = checkBudget(manifest, bigger((BUDGET_KB - 140) * KB + 1), BUDGET_KB, onUse);
    expect(over.filter((p) => p.overBudget)).toEqual([
      { page: "src/SignIn.tsx", gzipBytes: BUDGET_KB * KB + 1, overBudget: true },
    ]);
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

  /** A fake build: the real on-use names, one page, its chunk of `kb` KB that gzip cannot shrink. */
  function fakeBuild(kb: number) {
    dist = mkdtempSync(path.join(tmpdir(), "kestrel-web-budget-test-"));
    mkdirSync(path.join(dist, ".vite"));
    mkdirSync(path.join(dist, "assets"));
    const fake: Manifest = {
      "index.html": { file: "assets/index.js", isEntry: true, dynamicImports: ["src/Page.tsx"] },
      "src/Page.tsx": { file: "assets/Page.js", isDynamicEntry: true },
    };
    for (const key of staleOnUse(fake)) fake[key] = { file: "assets/on-use.js", isDynamicEntry: true };
    writeFileSync(path.join(dist, ".vite/manifest.json"), JSON.stringify(fake));
    writeFileSync(path.join(dist, "assets/index.js"), "");
    writeFileSync(path.join(dist, "assets/on-use.js"), randomBytes(200 * KB));
    writeFileSync(path.join(dist, "assets/Page.js"), randomBytes(kb * KB));
    return spawnSync(process.execPath, [path.join(import.meta.dirname, "web-budget.ts"), "--dist", dist], {
      encoding: "utf8",
    });
  }

  it("exits with an error naming the page over the budget", () => {
    const run = fakeBuild(BUDGET_KB + 1);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`OVER\\s+${BUDGET_KB + 1}\\.\\d KB\\s+src/Page\\.tsx`));
    expect(run.stderr).toContain(`1 page(s) load more than ${BUDGET_KB} KB`);
  });

  it("passes a page under it", () => {
    const run = fakeBuild(BUDGET_KB - 10);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("web-budget: ok");
  });
});
