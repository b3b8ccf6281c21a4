import { readFile } from "node:fs/promises";

/**
 * The top frames of a V8 CPU profile (what `--cpu-prof` writes, e.g. profile-http.ts with
 * BENCH_CPU_PROF=dir), by self time, and by package or file: where a send's server time goes.
 *   node scripts/bench/cpu-top.ts <file.cpuprofile> [rows]
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error("usage: node scripts/bench/cpu-top.ts <file.cpuprofile> [rows]");
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(await readFile(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
const byPlace = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  const frame = byId.get(id)?.callFrame;
  if (!frame) return;
  total += us;
  const where = frame.url.replace(/^file:\/\//, "").replace(/.*\/node_modules\//, "");
  const name = `${frame.functionName || "(anonymous)"} ${where ? `${where}:${frame.lineNumber + 1}` : ""}`;
  self.set(name, (self.get(name) ?? 0) + us);
  // A package (its name), a file of ours, Node's built-ins, or V8's own ("(idle)", "(garbage collector)").
  const pkg = frame.url.includes("/node_modules/") ? /^(@[^/]+\/[^/]+|[^/]+)\//.exec(where)?.[1] : undefined;
  const place = !where
    ? frame.functionName
    : (pkg ?? (where.startsWith("node:") ? "node: (built-ins)" : where.replace(`${process.cwd()}/`, "")));
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
});
const show = (title: string, m: Map<string, number>) => {
  console.log(`${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${((100 * us) / total).toFixed(1).padStart(6)} %  ${k}`);
};
show("self time by frame", self);
show("self time by package or file", byPlace);
