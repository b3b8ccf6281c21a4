import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failures } from "../../../scripts/cluster/checks.ts";
import { type ClusterFigures, restartFailures, runCluster } from "../../../scripts/cluster/run-cluster.ts";
import { createTestDatabase, type TestDatabase } from "./db/test-database.ts";

// The short form of `npm run test:cluster` (scripts/test-cluster.ts, docs/cluster.md): two
// instances started at once, a worker, a proxy, sends by phone, one instance killed with SIGKILL
// mid-load, retries by key, the killed one started again under load, then every key checked in
// the database. On a migrated database
// (the template's clone) to stay short; the full script and db/prepare.test.ts start instances
// together on empty ones.
let db: TestDatabase;
let figures: ClusterFigures;
beforeAll(async () => {
  db = await createTestDatabase();
  const lines: string[] = [];
  figures = await runCluster({
    databaseUrl: db.url,
    customers: 10,
    concurrency: 6,
    throughputSeconds: 2,
    killSends: 90,
    log: (line) => lines.push(line),
  });
  console.log(lines.join("\n"));
}, 360_000);
afterAll(() => db?.drop());

describe("two instances behind a proxy, one killed mid-load", () => {
  it("loses nothing and applies nothing twice: every 200 applied once, balances as funded, audit clean", () => {
    expect(failures(figures)).toEqual([]);
    expect(figures.answered200).toBe(figures.keysSent);
    expect(figures.applied).toBe(figures.keysSent);
    expect(figures.appliedTwice).toBe(0);
    expect(figures.balancesMinor).toBe(figures.fundedMinor);
    expect(figures.auditClean).toBe(true);
    expect(figures.workerAlive).toBe(true);
    // The kill was felt: some sends had to be retried, and were answered after all.
    expect(figures.retriedKeys).toBeGreaterThan(0);
    expect(figures.oneInstancePerSecond).toBeGreaterThan(0);
  });

  it("starts the killed instance again under load, and it serves", () => {
    expect(restartFailures(figures.restart)).toEqual([]);
    expect(figures.restart.direct).toBeGreaterThan(0);
  });
});
