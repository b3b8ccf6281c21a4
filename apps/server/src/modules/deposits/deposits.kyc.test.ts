import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { depositsDriver } from "./deposits.test-helpers.ts";

let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let api: ReturnType<typeof depositsDriver>;

beforeAll(async () => {
  t = await createTestApp();
  d = cryptoDriver(t);
  api = depositsDriver(t);
  // This merchant's catalog offers deposits at KYC_2 only (set before any request reads it).
  await t.database.pool.query(
    `update merchant_operations set kyc_levels = array['KYC_2'] where merchant_id = $1 and operation_type = 'DEPOSITS'`,
    [DEMO_MERCHANT_ID],
  );
});
afterAll(() => t.close());

describe("the catalog's KYC levels", () => {
  it("refuse a customer below them with 403 and the reason, moving nothing; a verified customer opens", async () => {
    const [lovelace, verified] = await Promise.all([d.unverified(), d.verified()]);
    for (const c of [lovelace, verified])
      expect((await d.faucet(c.phone, "USDT", "100")).statusCode).toBe(200);
    const body = { currency: "USDT", productType: "FLEX", months: 3, amount: "50" };
    const refused = await api.open(lovelace.token, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "KYC_LEVEL_TOO_LOW", data: { reason: "KYC_REQUIRED" } });
    expect((await d.wallet(lovelace.token, "USDT")).balance).toBe("100.000000");
    expect((await api.open(verified.token, body)).statusCode).toBe(200);
    await d.expectInvariants();
  });
});
