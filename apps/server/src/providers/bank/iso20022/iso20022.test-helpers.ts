import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

export function fixture(name: string): string {
  return readFileSync(`${FIXTURES}${name}`, "utf8");
}

/**
 * Whether a system tool these tests need is here. Absent, the tests are skipped with a loud line,
 * except in CI or with E2E_REQUIRED=1, where that is a failure (apt-get install the package).
 */
export function toolPresent(command: string, debianPackage: string): boolean {
  const found = spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
  if (found) return true;
  const message = `${command} not found: install Debian's ${debianPackage}`;
  if (process.env.E2E_REQUIRED === "1" || process.env.CI) throw new Error(message);
  console.warn(`\n*** SKIPPED: ${message} (set E2E_REQUIRED=1 to fail instead) ***\n`);
  return false;
}

/** xmllint's verdict of the XML against a fixture XSD: null when valid, else its errors. */
export function xsdErrors(xml: string, xsd: string): string | null {
  const run = spawnSync("xmllint", ["--noout", "--schema", `${FIXTURES}${xsd}`, "-"], {
    input: xml,
    encoding: "utf8",
  });
  return run.status === 0 ? null : run.stderr;
}

/** The item at `index`, failing the test when there is none. */
export function nth<T>(items: readonly T[], index = 0): T {
  const item = items[index];
  if (item === undefined) throw new Error(`expected an item at ${index}, got ${items.length} items`);
  return item;
}
