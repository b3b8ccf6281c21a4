import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const rootPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../package.json");

/**
 * The Node.js the root package.json's `engines` asks for (">=24.21.0"), checked at start: an
 * older one stops the start with one line saying which is needed and how npm brings it.
 */
export function checkNodeVersion(running = process.versions.node): string | undefined {
  const wanted = (JSON.parse(readFileSync(rootPackage, "utf8")) as { engines: { node: string } }).engines
    .node;
  const minimum = wanted.replace(/^>=\s*/, "");
  const [a, b] = [running, minimum].map((v) => v.split(".").map(Number));
  const order = (a ?? []).map((n, i) => n - ((b ?? [])[i] ?? 0)).find((d) => d !== 0) ?? 0;
  if (order >= 0) return undefined;
  return `Kestrel needs Node.js ${wanted}; this is ${running}. Run it through npm (npm start, npm run start:server): npm ci installs that Node (the "node" package) and npm's scripts use it.`;
}
