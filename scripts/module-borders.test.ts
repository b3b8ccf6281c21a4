import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The lint's module-border rules (.dependency-cruiser.cjs), run on a small tree of fake modules:
// an import into another module that is not its door (index.ts) fails, from a module or from
// outside the modules; the door, a module's own files and a test's reach pass.

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
write(`${modules}/quotes/index.ts`, 'export { x } from "./quotes.service.ts";\n');
write(`${modules}/send/own.ts`, "export const y = 2;\n");

// Each run starts depcruise afresh: seconds on a busy machine.
describe("module borders", { timeout: 60_000 }, () => {
  it.each(["offer-input", "quotes.service", "quotes.types", "quotes.errors"])(
    "fails on a module's import of another module's %s file, not its door",
    (name) => {
      write(`${modules}/send/bad.ts`, `import { x } from "../quotes/${name}.ts";\nexport const z = x;\n`);
      const { status, output } = cruise(`${modules}/send/bad.ts`);
      expect(status).not.toBe(0);
      expect(output).toContain("server-module-entered-not-by-its-door");
    },
  );

  it("fails on an import from outside the modules that is not the door", () => {
    write(
      "apps/server/src/jobs/bad.ts",
      'import { x } from "../modules/quotes/quotes.service.ts";\nexport const z = x;\n',
    );
    const { status, output } = cruise("apps/server/src/jobs/bad.ts");
    expect(status).not.toBe(0);
    expect(output).toContain("server-module-entered-not-by-its-door-from-outside");
  });

  it("lets only app.ts register a module's routes past its door", () => {
    write(`${modules}/quotes/quotes.routes.ts`, "export const quotesRoutes = 1;\n");
    const routes =
      'import { quotesRoutes } from "./modules/quotes/quotes.routes.ts";\nexport const r = quotesRoutes;\n';
    write("apps/server/src/app.ts", routes);
    expect(cruise("apps/server/src/app.ts").status).toBe(0);
    write("apps/server/src/worker.ts", routes);
    const other = cruise("apps/server/src/worker.ts");
    expect(other.status).not.toBe(0);
    expect(other.output).toContain("server-module-entered-not-by-its-door-from-outside");
    write(
      "apps/server/src/app.ts",
      'import { x } from "./modules/quotes/quotes.service.ts";\nexport const r = x;\n',
    );
    const service = cruise("apps/server/src/app.ts");
    expect(service.status).not.toBe(0);
    expect(service.output).toContain("server-module-entered-not-by-its-door-from-the-http-wiring");
  });

  it("fails on a module's file importing its own door", () => {
    write(`${modules}/quotes/loop.ts`, 'import { x } from "./index.ts";\nexport const z = x;\n');
    const { status, output } = cruise(`${modules}/quotes/loop.ts`);
    expect(status).not.toBe(0);
    expect(output).toContain("server-module-imports-its-own-door");
  });

  it("passes the door, from a module and from outside, and a module's own files", () => {
    write(
      `${modules}/send/good.ts`,
      [
        'import { x } from "../quotes/index.ts";',
        'import { y } from "./own.ts";',
        "export const z = x + y;",
        "",
      ].join("\n"),
    );
    write(
      "apps/server/src/jobs/good.ts",
      'import { x } from "../modules/quotes/index.ts";\nexport const z = x;\n',
    );
    for (const file of [`${modules}/send/good.ts`, "apps/server/src/jobs/good.ts"]) {
      const { status, output } = cruise(file);
      expect(output).not.toContain("server-module-entered");
      expect(status).toBe(0);
    }
  });

  it("lets a test reach another module's files", () => {
    write(
      `${modules}/send/send.test.ts`,
      'import { x } from "../quotes/offer-input.ts";\nexport const z = x;\n',
    );
    const { status } = cruise(`${modules}/send/send.test.ts`);
    expect(status).toBe(0);
  });
});

// The lint's cycle check (`madge --circular` with the repository's .madgerc), on its own fake tree.
describe("import cycles", { timeout: 60_000 }, () => {
  const cycles = mkdtempSync(path.join(tmpdir(), "cycles-"));
  afterAll(() => rmSync(cycles, { recursive: true, force: true }));
  copyFileSync(path.join(root, ".madgerc"), path.join(cycles, ".madgerc"));
  mkdirSync(path.join(cycles, "apps/server/src/http"), { recursive: true });
  mkdirSync(path.join(cycles, "apps/server/src/modules/auth"), { recursive: true });
  writeFileSync(
    path.join(cycles, "apps/server/tsconfig.json"),
    '{ "compilerOptions": { "allowImportingTsExtensions": true } }\n',
  );

  function madge() {
    const bin = path.join(root, "node_modules/.bin/madge");
    const run = spawnSync(bin, ["--circular", "--no-spinner", "apps/server/src"], {
      cwd: cycles,
      encoding: "utf8",
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  }

  it("fails on a cycle made of type-only imports, and passes once it is broken", () => {
    const helper = path.join(cycles, "apps/server/src/http/helper.ts");
    writeFileSync(
      path.join(cycles, "apps/server/src/modules/auth/index.ts"),
      'import type { Helper } from "../../http/helper.ts";\nexport type Auth = { helper?: Helper };\n',
    );
    writeFileSync(
      helper,
      'import type { Auth } from "../modules/auth/index.ts";\nexport type Helper = { auth?: Auth };\n',
    );
    const broken = madge();
    expect(broken.status).not.toBe(0);
    expect(broken.output).toContain("http/helper.ts");
    writeFileSync(helper, "export type Helper = { name: string };\n");
    expect(madge().status).toBe(0);
  });
});
