import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The lint's knip step with the repository's knip.jsonc, run on a small fake tree: an export no
// file imports, a file nothing imports and a package export no workspace imports fail it; the
// same tree without them passes. One run for the three: each knip run costs some seconds.

const root = path.resolve(import.meta.dirname, "..");
const tree = mkdtempSync(path.join(tmpdir(), "knip-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(file: string, text: string) {
  const full = path.join(tree, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Writes the fake tree: a server that imports the package's one export and one rule. */
function clean() {
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  copyFileSync(path.join(root, "knip.jsonc"), path.join(tree, "knip.jsonc"));
  write("package.json", json({ name: "fake", private: true, workspaces: ["packages/words", "apps/server"] }));
  write(
    "packages/words/package.json",
    json({ name: "@fake/words", private: true, type: "module", exports: { ".": "./src/index.ts" } }),
  );
  write("packages/words/src/index.ts", 'export const HELLO = "hello";\n');
  write(
    "apps/server/package.json",
    json({
      name: "@fake/server",
      private: true,
      type: "module",
      main: "./src/main.ts",
      dependencies: { "@fake/words": "0.0.0" },
    }),
  );
  write(
    "apps/server/src/main.ts",
    'import { HELLO } from "@fake/words";\nimport { shout } from "./rules.ts";\nconsole.log(shout(HELLO));\n',
  );
  write("apps/server/src/rules.ts", "export const shout = (word: string) => word.toUpperCase();\n");
}

/**
 * knip in the fake tree with the repository's configuration: its exit status and output. Its hints
 * are left out: they name the repository's entries and workspaces, which the fake tree lacks.
 */
function knip() {
  const bin = path.join(root, "node_modules/.bin/knip");
  const run = spawnSync(bin, ["--no-progress", "--no-config-hints"], { cwd: tree, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("knip in the lint", { timeout: 60_000 }, () => {
  it("is a step of npm run lint", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(pkg.scripts.lint).toMatch(/(^|&& )knip( |$)/);
  });

  it("passes a tree where every export and file is used", () => {
    clean();
    const { status, output } = knip();
    expect(output.trim()).toBe("");
    expect(status).toBe(0);
  });

  it("fails on an export no file imports, a file nothing imports and an unused package export", () => {
    clean();
    write(
      "apps/server/src/rules.ts",
      "export const shout = (w: string) => w.toUpperCase();\nexport const whisper = 1;\n",
    );
    write("apps/server/src/stray.ts", "export const stray = 1;\n");
    write("packages/words/src/index.ts", 'export const HELLO = "hello";\nexport const BYE = "bye";\n');
    const { status, output } = knip();
    expect(status).not.toBe(0);
    expect(output).toMatch(/Unused files \(1\)\s+apps\/server\/src\/stray\.ts/);
    expect(output).toMatch(/Unused exports \(2\)/);
    expect(output).toMatch(/whisper\s+apps\/server\/src\/rules\.ts/);
    expect(output).toMatch(/BYE\s+packages\/words\/src\/index\.ts/);
  });
});
