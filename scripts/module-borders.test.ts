import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The lint's module-border rule (.dependency-cruiser.cjs), run on a small tree of fake modules:
// one module importing another's internal file fails; its service, types and errors pass.

const root = path.resolve(import.meta.dirname, "..");
const tree = mkdtempSync(path.join(tmpdir(), "borders-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(file: string, text: string) {
  const full = path.join(tree, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

/** depcruise of `file` in the fake tree with the repository's rules: its exit status and output. */
function cruise(file: string) {
  const bin = path.join(root, "node_modules/.bin/depcruise");
  const run = spawnSync(bin, [file, "--config", path.join(root, ".dependency-cruiser.cjs")], {
    cwd: tree,
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const modules = "apps/server/src/modules";
for (const name of ["offer-input", "quotes.service", "quotes.types", "quotes.errors"]) {
  write(`${modules}/quotes/${name}.ts`, "export const x = 1;\n");
}
write(`${modules}/send/own.ts`, "export const y = 2;\n");

describe("module borders", () => {
  it("fails on an import of another module's internal file", () => {
    write(`${modules}/send/bad.ts`, 'import { x } from "../quotes/offer-input.ts";\nexport const z = x;\n');
    const { status, output } = cruise(`${modules}/send/bad.ts`);
    expect(status).not.toBe(0);
    expect(output).toContain("server-module-imports-another-modules-internals");
  });

  it("passes imports of another module's service, types and errors, and of the module's own files", () => {
    write(
      `${modules}/send/good.ts`,
      [
        'import { x as a } from "../quotes/quotes.service.ts";',
        'import { x as b } from "../quotes/quotes.types.ts";',
        'import { x as c } from "../quotes/quotes.errors.ts";',
        'import { y } from "./own.ts";',
        "export const z = a + b + c + y;",
        "",
      ].join("\n"),
    );
    const { status, output } = cruise(`${modules}/send/good.ts`);
    expect(output).not.toContain("server-module-imports-another-modules-internals");
    expect(status).toBe(0);
  });
});
