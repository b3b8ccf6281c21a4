import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failures } from "../../../scripts/cluster/checks.ts";
import { runStopUnderLoad, type StopFigures } from "../../../scripts/cluster/stop-under-load.ts";
import { createTestDatabase, type TestDatabase } from "./db/test-database.ts";

// Issue 52: a SIGTERM under load cut requests off (a reset, a 502, a 503). Now the instance
// drains (its /readyz answers 503 so the proxy leaves it), closes, and exits 0; the worker
// finishes or releases its jobs. A few seconds of sends through the proxy (scripts/cluster).
let db: TestDatabase;
let figures: StopFigures;
beforeAll(async () => {
  db = await createTestDatabase();
  const lines: string[] = [];
  figures = await runStopUnderLoad({
    databaseUrl: db.url,
    customers: 8,
    concurrency: 6,
    loadSeconds: 4,
    drainSeconds: 1.5,
    log: (line) => lines.push(line),
  });
  console.log(lines.join("\n"));
}, 180_000);
afterAll(() => db?.drop());

describe("SIGTERM under load behind the proxy", () => {
  it("drains, then stops: no request cut off, every send applied once, exit 0", () => {
    expect(figures.readyzWhileDraining).toBe(503);
    expect(figures.serverExitCode).toBe(0);
    expect(failures(figures)).toEqual([]);
    expect(figures.cutKeys).toBe(0);
    expect(figures.unavailableFromInstanceKeys).toBe(0);
    expect(figures.retriedKeys).toBe(0);
    expect(figures.answered200).toBe(figures.keysSent);
    expect(figures.applied).toBe(figures.keysSent);
    expect(figures.appliedTwice).toBe(0);
  });

  it("lets the worker finish or release its jobs: none locked or failed, the next worker runs the rest", () => {
    expect(figures.workerExitCode).toBe(0);
    expect(figures.jobsLockedAfterStop).toBe(0);
    expect(figures.jobsFailedAfterStop).toBe(0);
    expect(figures.jobsLeftAtEnd).toBe(0);
  });
});
