import type { JobHelpers } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MERCHANT_ID } from "../modules/merchants/index.ts";
import { createServices } from "../services.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { createHousekeepingTasks, HOUSEKEEPING_PURGE_TASK } from "./housekeeping-jobs.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describe("the hourly housekeeping", () => {
  it("deletes ended rate-limit windows and long-expired captcha passes; live ones stay", async () => {
    const q = (text: string, values: unknown[]) => t.database.pool.query(text, values);
    const windows = "insert into rate_limits (key, window_start, count) values ($1, $2, 1)";
    await q(windows, ["housekeeping:old", hoursAgo(3)]);
    await q(windows, ["housekeeping:live", hoursAgo(0.5)]);
    const passes = "insert into captcha_passes (token_hash, merchant_id, expires_at) values ($1, $2, $3)";
    await q(passes, ["housekeeping-old", DEMO_MERCHANT_ID, hoursAgo(25)]);
    await q(passes, ["housekeeping-recent", DEMO_MERCHANT_ID, hoursAgo(1)]);

    const services = createServices(t.config, t.database);
    const task = createHousekeepingTasks(services)[HOUSEKEEPING_PURGE_TASK];
    await task?.({}, { logger: { info: () => {} } } as unknown as JobHelpers);

    const keys = await q("select key from rate_limits where key like 'housekeeping:%'", []);
    expect(keys.rows.map((r) => r.key)).toEqual(["housekeeping:live"]);
    const hashes = await q(
      "select token_hash from captcha_passes where token_hash like 'housekeeping-%'",
      [],
    );
    expect(hashes.rows.map((r) => r.token_hash)).toEqual(["housekeeping-recent"]);
  });
});
