import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { ibanDriver } from "./iban.test-helpers.ts";

let t: TestApp;
let api: ReturnType<typeof ibanDriver>;

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

beforeAll(async () => {
  t = await createTestApp();
  api = ibanDriver(t);
  // Before any request reads the catalog (it is cached a few seconds): this merchant has switched
  // withdrawals to a bank off, while its IBANs stay on offer.
  await t.database.pool.query(
    `update merchant_operations set operation_constraint = 'DISABLED'
     where merchant_id = $1 and operation_type = 'WITHDRAW_IBAN'`,
    [DEMO_MERCHANT_ID],
  );
});
afterAll(() => t.close());

describe("a withdrawal the catalog switches off", () => {
  it("is refused with the reason before any SMS code is texted", async () => {
    const c = await cryptoDriver(t).verified();
    const account = await api.issue(c.token);
    await api.transferIn(account.iban, "100.00");
    await api.runBankJobs();
    const recipient = await api.addRecipient(c.token, {
      name: "Max Mustermann",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
    });
    expect(recipient.statusCode, recipient.body).toBe(200);
    const res = await api.withdraw(c.token, account.id, {
      recipientId: recipient.json().id,
      amount: "10.00",
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      error: "OPERATION_DISABLED",
      data: { operationType: "WITHDRAW_IBAN", reason: "DISABLED" },
    });
    const texts = (await t.app.inject({ url: `/sandbox/sms?phone=${c.phone}` })).json().data;
    expect(texts.filter((m: { body: string }) => /confirm a withdrawal/.test(m.body))).toEqual([]);
    expect(await api.balance(c.token)).toEqual({ balance: "100.00", available: "100.00" });
  });
});
