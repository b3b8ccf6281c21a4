import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool, inTransaction } from "../../db/transaction.ts";
import { createServices } from "../../services.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { accountsDriver, bearerHeaders, newPhone } from "../auth/auth.test-helpers.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { type OperatorSession, signInOperator } from "../operators/operators.test-helpers.ts";

let t: TestApp;
let accounts: ReturnType<typeof accountsDriver>;
let support: OperatorSession;
let nimbusSupport: OperatorSession;
let finance: OperatorSession;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  accounts = accountsDriver(t.app, t.database);
  support = await signInOperator(t.app, t.database, "SUPPORT", DEMO_MERCHANT_ID);
  nimbusSupport = await signInOperator(t.app, t.database, "SUPPORT", NIMBUS_MERCHANT_ID);
  finance = await signInOperator(t.app, t.database, "FINANCE", DEMO_MERCHANT_ID);
});
afterAll(() => t.close());

const get = (s: OperatorSession, url: string) => t.app.inject({ url, headers: s.headers });
const credit = (phone: string, amount: string) =>
  t.app.inject({
    method: "POST",
    url: "/sandbox/wallets/credit",
    headers: { "idempotency-key": `credit-${phone}-${amount}` },
    payload: { phone, currency: "EUR", amount },
  });

async function customer() {
  const phone = newPhone();
  const { access_token: token, refresh_token: refreshToken } = await accounts.register(phone);
  const id = (await t.app.inject({ url: "/v2/customer/profile", headers: bearerHeaders(token) })).json()
    .customerId as string;
  return { phone, token, refreshToken, id };
}

describe("customers in the back-office", () => {
  it("finds a customer by phone, by id, and shows their page with balances and operations", async () => {
    const c = await customer();
    expect((await credit(c.phone, "12.50")).statusCode).toBe(200);
    const byPhone = await get(support, `/admin/v1/customers?query=${c.phone.slice(-7)}`);
    expect(byPhone.json().customers.map((x: { id: string }) => x.id)).toContain(c.id);
    const byId = await get(support, `/admin/v1/customers?query=${c.id}`);
    expect(byId.json().customers).toHaveLength(1);

    const page = await get(support, `/admin/v1/customers/${c.id}`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.profile).toMatchObject({ id: c.id, phone: c.phone, blockedAt: null });
    expect(body.wallets.find((w: { currency: string }) => w.currency === "EUR")).toMatchObject({
      balance: "12.50",
    });
    expect(body.operations[0]).toMatchObject({ type: "TEST_CREDIT", amount: "12.50", currency: "EUR" });
    expect(body.sessions.length).toBeGreaterThan(0);
    const trail = (
      await get(
        await signInOperator(t.app, t.database, "MERCHANT_ADMIN", DEMO_MERCHANT_ID),
        `/admin/v1/audit?targetId=${c.id}`,
      )
    ).json();
    expect(trail.entries.map((e: { action: string }) => e.action)).toEqual(["customer.view"]);
  });

  it("never shows another merchant's customer to a merchant's operator (404)", async () => {
    const c = await customer();
    expect((await get(nimbusSupport, `/admin/v1/customers/${c.id}`)).statusCode).toBe(404);
    expect((await get(nimbusSupport, `/admin/v1/customers?query=${c.id}`)).json().customers).toEqual([]);
    const block = await t.app.inject({
      method: "POST",
      url: `/admin/v1/customers/${c.id}/block`,
      headers: nimbusSupport.headers,
      payload: { reason: "not mine" },
    });
    expect(block.statusCode).toBe(404);
  });

  it("blocks: signed out everywhere, no sign-in, no money out; money in still lands; unblock undoes it", async () => {
    const c = await customer();
    const blocked = await t.app.inject({
      method: "POST",
      url: `/admin/v1/customers/${c.id}/block`,
      headers: support.headers,
      payload: { reason: "fraud report #42" },
    });
    expect(blocked.statusCode).toBe(200);
    // The session is gone: every signed-in call, money out included, is refused.
    expect(
      (await t.app.inject({ url: "/v2/customer/profile", headers: bearerHeaders(c.token) })).statusCode,
    ).toBe(401);
    // The app's refresh after that 401 says why, so the customer reads the reason, not a sign-in page.
    const refresh = await accounts.refresh(c.refreshToken);
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json()).toMatchObject({
      error: "ACCOUNT_BLOCKED",
      message: "Your account is blocked. Please contact support.",
    });
    const signIn = await accounts.signIn(c.phone, "secret1", "device-1");
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ error: "ACCOUNT_BLOCKED" });
    expect((await credit(c.phone, "5.00")).statusCode).toBe(200);
    const page = (await get(support, `/admin/v1/customers/${c.id}`)).json();
    expect(page.profile).toMatchObject({ blockedReason: "fraud report #42" });
    expect(page.wallets.find((w: { currency: string }) => w.currency === "EUR")).toMatchObject({
      balance: "5.00",
    });

    const unblocked = await t.app.inject({
      method: "POST",
      url: `/admin/v1/customers/${c.id}/unblock`,
      headers: support.headers,
      payload: { reason: "cleared" },
    });
    expect(unblocked.statusCode).toBe(200);
    expect((await accounts.signIn(c.phone, "secret1", "device-1")).statusCode).toBe(200);
    // The ended session stays ended: its refresh is the usual 401.
    expect((await accounts.refresh(c.refreshToken)).statusCode).toBe(401);
  });

  it("needs a reason to block, and finance may not block", async () => {
    const c = await customer();
    const noReason = await t.app.inject({
      method: "POST",
      url: `/admin/v1/customers/${c.id}/block`,
      headers: support.headers,
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "reason" });
    const byFinance = await t.app.inject({
      method: "POST",
      url: `/admin/v1/customers/${c.id}/block`,
      headers: finance.headers,
      payload: { reason: "finance tries" },
    });
    expect(byFinance.statusCode).toBe(403);
  });
});

describe("operations in the back-office", () => {
  it("searches by kind, currency and amount range, and opens an operation with its ledger legs", async () => {
    const c = await customer();
    await credit(c.phone, "7.25");
    const found = await get(
      finance,
      `/admin/v1/operations?kind=TEST_CREDIT&currency=EUR&minAmount=7.25&maxAmount=7.25&customerId=${c.id}`,
    );
    expect(found.statusCode).toBe(200);
    const [op] = found.json().operations;
    expect(op).toMatchObject({ type: "TEST_CREDIT", amount: "7.25", customerId: c.id });
    const none = await get(finance, `/admin/v1/operations?currency=EUR&minAmount=7.26&customerId=${c.id}`);
    expect(none.json().operations).toEqual([]);

    const page = await get(finance, `/admin/v1/operations/${op.operationId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().ledger.legs[0]).toMatchObject({
      currency: "EUR",
      amount: "7.25",
      credit: { ownerId: c.id },
    });
    expect(page.json().statusHistory.length).toBeGreaterThan(0);
    expect((await get(nimbusSupport, `/admin/v1/operations/${op.operationId}`)).statusCode).toBe(404);
  });

  it("keeps every status an operation took, in order, in an append-only log", async () => {
    const c = await customer();
    const { history } = createServices(t.config, t.database);
    const operationId = uuidv7();
    const inTx = <T>(work: Parameters<typeof inTransaction<T>>[1]) =>
      inTransaction(clientSourceFromPool(t.database.pool), work);
    await inTx((tx) =>
      history.record(tx, [
        {
          merchantId: DEMO_MERCHANT_ID,
          customerId: c.id,
          operationId,
          type: "TEST_CREDIT",
          direction: "IN",
          status: "PENDING",
          currency: "EUR",
          amount: 100n,
          fee: 0n,
          counterparty: null,
          details: {},
        },
      ]),
    );
    // A change of details only is no status change; a later FAILED is.
    await inTx((tx) =>
      history.update(tx, { merchantId: DEMO_MERCHANT_ID, operationId, details: { note: "x" } }),
    );
    await inTx((tx) =>
      history.update(tx, { merchantId: DEMO_MERCHANT_ID, operationId, status: "COMPLETED", details: {} }),
    );
    await inTx((tx) =>
      history.update(tx, { merchantId: DEMO_MERCHANT_ID, operationId, status: "FAILED", details: {} }),
    );
    const page = await get(finance, `/admin/v1/operations/${operationId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().statusHistory.map((h: { status: string }) => h.status)).toEqual([
      "history IN PENDING",
      "history IN COMPLETED",
      "history IN FAILED",
    ]);
    await expect(
      t.database.pool.query(
        "update history_status_changes set status = 'COMPLETED' where operation_id = $1",
        [operationId],
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.database.pool.query("delete from history_status_changes where operation_id = $1", [operationId]),
    ).rejects.toThrow(/append-only/);
  });

  it("refuses an amount range without its currency, naming the field", async () => {
    const res = await get(finance, "/admin/v1/operations?minAmount=1");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "AMOUNT_NEEDS_CURRENCY", field: "currency" });
  });

  it("shows the first page: waiting cases, late payments, today's volumes", async () => {
    const c = await customer();
    await credit(c.phone, "3.00");
    const res = await get(finance, "/admin/v1/dashboard");
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .volumesToday.find(
          (v: { currency: string; direction: string }) => v.currency === "EUR" && v.direction === "IN",
        ),
    ).toBeDefined();
  });
});
