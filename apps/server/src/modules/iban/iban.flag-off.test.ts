import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ALLOWED_FLAGS } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { setFeatureFlags } from "../merchants/feature-flags.test-helpers.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { ibanDriver } from "./iban.test-helpers.ts";

// docs/iban.md "Who may have one": with the merchant's flag off, or the customer no longer an EU
// resident, nothing new starts (order, money in: 403 with the reason), while an account already
// issued stays in sight (list, history) and its money can still be withdrawn, to a recipient saved
// before or now.

type Customer = { phone: string; token: string; customerId: string };
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let api: ReturnType<typeof ibanDriver>;
let holder: Customer;
let holderIban: { id: string; iban: string };
let mover: Customer;
let moverIban: { id: string; iban: string };
let newcomer: Customer;
let newcomerRequestId: string;
const recipientOf = new Map<string, string>();

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const RECIPIENT = { name: "Max Mustermann", iban: "DE89370400440532013000", bic: "COBADEFFXXX" };
const EUR_OFFER = { currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "10" };

beforeAll(async () => {
  // Outgoing transfers stay pending: these tests only need them accepted.
  t = await createTestApp({ BANK_EXECUTION_SECONDS: "600" });
  d = cryptoDriver(t);
  api = ibanDriver(t);
  [holder, mover, newcomer] = await Promise.all([d.verified(), d.verified(), d.verified()]);
  [holderIban, moverIban] = await Promise.all([api.issue(holder.token), api.issue(mover.token)]);
  for (const [c, account] of [
    [holder, holderIban],
    [mover, moverIban],
  ] as const) {
    expect((await api.transferIn(account.iban, "100.00")).statusCode).toBe(200);
    const recipient = await api.addRecipient(c.token, RECIPIENT);
    expect(recipient.statusCode, recipient.body).toBe(200);
    recipientOf.set(c.customerId, recipient.json().id);
  }
  await api.runBankJobs();
  // The newcomer's order stops at its first step.
  const request = await api.request(newcomer.token);
  expect(request.statusCode, request.body).toBe(200);
  newcomerRequestId = request.json().id;
});
afterAll(() => t.close());

const recipientId = (c: Customer) => recipientOf.get(c.customerId) as string;
const call = (c: Customer, method: "PUT" | "DELETE", url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${c.token}`, "idempotency-key": randomUUID() },
    ...(payload ? { payload } : {}),
  });

/** The calls that start something new, each answered 403 with `error` for `c`. */
async function expectNothingNew(c: Customer, ibanId: string, error: string) {
  const refused = [
    await api.post(c.token, `/v2/iban/${ibanId}/exchange/offer`, EUR_OFFER),
    await call(c, "PUT", `/v2/iban/${ibanId}/exchange/offer`, { ...EUR_OFFER, offerId: randomUUID() }),
    await call(c, "PUT", `/v2/iban/${ibanId}/exchange/offer/${randomUUID()}`),
  ];
  for (const res of refused) {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ error });
  }
}

/** The issued account is listed with its balance, its history reads, its money leaves by SEPA. */
async function expectInSightAndWithdrawable(c: Customer, account: { id: string; iban: string }) {
  const history = await api.history(c.token, account.id);
  expect(history.statusCode, history.body).toBe(200);
  expect(history.json().items[0]).toMatchObject({ type: "SEPA_IN", amount: "100.00" });
  const data = await api.get(c.token, `/v2/iban/${account.id}/withdraw/data`);
  expect(data.statusCode, data.body).toBe(200);
  expect(data.json()).toMatchObject({ availableBalance: "100.00", fees: { fixFee: "1.00" } });
  const recipients = await api.get(c.token, "/v2/iban/recipients");
  expect(recipients.statusCode, recipients.body).toBe(200);
  expect(recipients.json().recipients.map((r: { id: string }) => r.id)).toEqual([recipientId(c)]);
  // A holder may still save a recipient: it only ever receives the holder's own money.
  const added = await api.addRecipient(c.token, { ...RECIPIENT, name: "Second Account" });
  expect(added.statusCode, added.body).toBe(200);
  await call(c, "DELETE", `/v2/iban/recipients/${added.json().id}`);
  const sent = await api.confirmedWithdraw(c, account.id, { recipientId: recipientId(c), amount: "10.00" });
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json()).toMatchObject({ status: "PENDING", amount: "10.00", fee: "1.00" });
  expect(await api.balance(c.token)).toEqual({ balance: "100.00", available: "89.00" });
}

describe("a customer who no longer lives in the EU", () => {
  it("still sees the issued account and withdraws from it; nothing new starts", async () => {
    const moved = await t.app.inject({
      method: "PATCH",
      url: "/v2/customer/profile",
      headers: { authorization: `Bearer ${mover.token}` },
      payload: { residenceCountry: "CH" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = await api.list(mover.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      status: "ACTIVE",
      displayStatus: "ACTIVE",
      eligible: false,
      reason: "COUNTRY_NOT_ELIGIBLE",
    });
    expect(list.json().message).toMatch(/residents of the European Union/);
    expect(list.json().ibans).toHaveLength(1);
    expect(list.json().ibans[0]).toMatchObject({ id: moverIban.id, iban: moverIban.iban, balance: "100.00" });
    await expectNothingNew(mover, moverIban.id, "COUNTRY_NOT_ELIGIBLE");
    await expectInSightAndWithdrawable(mover, moverIban);
  });
});

describe("the merchant's IBAN flag off", () => {
  beforeAll(async () => {
    await setFeatureFlags(
      t.database.pool,
      DEMO_MERCHANT_ID,
      { level: "FULL", allowed: ALLOWED_FLAGS.filter((f) => !f.endsWith("_IBAN")) },
      async () => (await api.list(holder.token)).json().reason === "NOT_OFFERED",
    );
  });

  it("keeps an issued account in sight and withdrawable, refusing what is new", async () => {
    const list = await api.list(holder.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      status: "ACTIVE",
      displayStatus: "ACTIVE",
      eligible: false,
      reason: "NOT_OFFERED",
      message: "IBAN accounts are not offered here.",
    });
    expect(list.json().ibans[0]).toMatchObject({
      id: holderIban.id,
      iban: holderIban.iban,
      bic: "KSTLLT22XXX",
      balance: "100.00",
    });
    await expectNothingNew(holder, holderIban.id, "IBAN_NOT_OFFERED");
    const requestId = list.json().ibans[0].ibanRequestId;
    const cancel = await api.cancel(holder.token, requestId);
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json()).toMatchObject({ error: "IBAN_NOT_OFFERED" });
    await expectInSightAndWithdrawable(holder, holderIban);
    // The withdrawal's targets stay the customer's to tidy.
    const removed = await call(holder, "DELETE", `/v2/iban/recipients/${recipientId(holder)}`);
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it("refuses every call to a customer without an issued account, and hides the unfinished order", async () => {
    const list = await api.list(newcomer.token);
    expect(list.json()).toMatchObject({
      status: "UNAVAILABLE",
      eligible: false,
      reason: "NOT_OFFERED",
      ibans: [],
    });
    const refused = {
      constants: await api.get(newcomer.token, "/v2/iban/additional-personal-info/constants"),
      info: await api.get(newcomer.token, "/v2/iban/additional-personal-info"),
      saveInfo: await api.info(newcomer.token),
      address: await api.address(newcomer.token),
      request: await api.request(newcomer.token),
      cancel: await api.cancel(newcomer.token, newcomerRequestId),
      recipients: await api.get(newcomer.token, "/v2/iban/recipients"),
      addRecipient: await api.addRecipient(newcomer.token, RECIPIENT),
      deleteRecipient: await call(newcomer, "DELETE", `/v2/iban/recipients/${randomUUID()}`),
    };
    for (const [name, res] of Object.entries(refused)) {
      expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
      expect(res.json(), name).toMatchObject({ error: "IBAN_NOT_OFFERED" });
    }
    // Another customer's IBAN is not theirs, offered or not.
    expect((await api.history(newcomer.token, holderIban.id)).statusCode).toBe(404);
    expect(
      (await api.withdraw(newcomer.token, holderIban.id, { recipientId: randomUUID(), amount: "1.00" }))
        .statusCode,
    ).toBe(404);
  });

  it("keeps the ledger's invariants", async () => {
    await d.expectInvariants();
  });
});
