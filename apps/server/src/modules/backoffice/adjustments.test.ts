import type { JobHelpers } from "graphile-worker";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAdjustmentTasks } from "../../jobs/adjustment-jobs.ts";
import { createServices } from "../../services.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { ADJUSTMENT_EXPIRY_HOURS } from "../adjustments/adjustments.types.ts";
import { ADJUSTMENTS_EXPIRE_TASK } from "../adjustments/index.ts";
import { accountsDriver, bearerHeaders, newPhone } from "../auth/auth.test-helpers.ts";
import { checkInvariants } from "../ledger/index.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { type OperatorSession, signInOperator } from "../operators/operators.test-helpers.ts";

// Adjustments with four eyes over HTTP (docs/backoffice.md "Adjustments"): who may propose and
// decide, what moves and what does not, and the ledger's invariants after every test.

let t: TestApp;
let accounts: ReturnType<typeof accountsDriver>;
let financeA: OperatorSession;
let financeB: OperatorSession;
let admin: OperatorSession;
let support: OperatorSession;
/** Hours the services' clock is ahead of the wall clock (a proposal's expiry is judged on it). */
let hoursAhead = 0;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date(Date.now() + hoursAhead * 3_600_000) });
  await t.app.ready();
  accounts = accountsDriver(t.app, t.database);
  financeA = await signInOperator(t.app, t.database, "FINANCE", DEMO_MERCHANT_ID);
  financeB = await signInOperator(t.app, t.database, "FINANCE", DEMO_MERCHANT_ID);
  admin = await signInOperator(t.app, t.database, "MERCHANT_ADMIN", DEMO_MERCHANT_ID);
  support = await signInOperator(t.app, t.database, "SUPPORT", DEMO_MERCHANT_ID);
});
afterEach(async () => {
  hoursAhead = 0;
  const client = await t.database.pool.connect();
  try {
    expect((await checkInvariants(client)).filter((v) => v.violations.length > 0)).toEqual([]);
  } finally {
    client.release();
  }
});
afterAll(() => t.close());

async function customer(eur = "0") {
  const phone = newPhone();
  const { access_token: token } = await accounts.register(phone);
  const id = (await t.app.inject({ url: "/v2/customer/profile", headers: bearerHeaders(token) })).json()
    .customerId as string;
  if (eur !== "0") {
    const credit = await t.app.inject({
      method: "POST",
      url: "/sandbox/wallets/credit",
      headers: { "idempotency-key": `adj-${phone}` },
      payload: { phone, currency: "EUR", amount: eur },
    });
    expect(credit.statusCode).toBe(200);
  }
  return { phone, token, id };
}

type Customer = Awaited<ReturnType<typeof customer>>;

const call = (s: OperatorSession, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });

const proposal = (customerId: string, over: Record<string, unknown> = {}) => ({
  customerId,
  currency: "EUR",
  direction: "CREDIT",
  amount: "10.00",
  customerReason: "Refund of a duplicate card fee",
  auditReason: "Ticket 4711: the fee was charged twice",
  ...over,
});

async function propose(s: OperatorSession, body: object): Promise<string> {
  const res = await call(s, "POST", "/admin/v1/adjustments", body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: "PROPOSED", proposedBy: { id: s.id } });
  return res.json().id as string;
}

const approve = (s: OperatorSession, id: string) => call(s, "POST", `/admin/v1/adjustments/${id}/approve`);
const reject = (s: OperatorSession, id: string, reason = "Not supported by the ticket") =>
  call(s, "POST", `/admin/v1/adjustments/${id}/reject`, { reason });

async function eurBalance(c: Customer): Promise<string | undefined> {
  const page = (await call(admin, "GET", `/admin/v1/customers/${c.id}`)).json();
  return page.wallets.find(
    (w: { kind: string; currency: string }) => w.kind === "customer_wallet" && w.currency === "EUR",
  )?.balance;
}

async function adjustmentsInHistory(c: Customer) {
  const page = (
    await t.app.inject({
      url: "/v2/history/operations?typeFilter=ADJUSTMENT",
      headers: bearerHeaders(c.token),
    })
  ).json();
  return page.operations as { direction: string; amount: string; adjustmentModel: { description: string } }[];
}

async function ledgerOperationsOf(id: string): Promise<number> {
  const { rows } = await t.database.pool.query(
    "select count(*)::int as n from ledger_operations where idempotency_key = $1",
    [`adjustment:${id}`],
  );
  return rows[0].n as number;
}

describe("adjustments with four eyes", () => {
  it("the proposer cannot decide; another operator's approval credits once, with the reason in the history", async () => {
    const c = await customer("5.00");
    const id = await propose(financeA, proposal(c.id));

    for (const own of [await approve(financeA, id), await reject(financeA, id)]) {
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ error: "ADJUSTMENT_OWN_PROPOSAL" });
    }
    expect(await eurBalance(c)).toBe("5.00");

    const approved = await approve(financeB, id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: "APPROVED",
      customerName: `+${c.phone}`,
      proposedBy: { id: financeA.id },
      decidedBy: { id: financeB.id },
    });
    expect(approved.json().ledgerOperationId).toEqual(expect.any(String));
    expect(await eurBalance(c)).toBe("15.00");
    expect(await adjustmentsInHistory(c)).toEqual([
      expect.objectContaining({
        direction: "IN",
        amount: "10.00",
        adjustmentModel: {
          amount: { value: "10.00", currency: "EUR" },
          description: "Refund of a duplicate card fee",
        },
      }),
    ]);

    // Decided once: again (by anyone) is a 409 and moves nothing.
    const again = await approve(admin, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "ADJUSTMENT_ALREADY_DECIDED" });
    expect(await eurBalance(c)).toBe("15.00");
    expect(await ledgerOperationsOf(id)).toBe(1);

    const trail = (await call(admin, "GET", `/admin/v1/audit?targetId=${id}`)).json().entries as {
      action: string;
      outcome: string;
      operatorId: string;
    }[];
    expect(trail.map((e) => `${e.action} ${e.outcome}`)).toEqual([
      "adjustment.approve REFUSED",
      "adjustment.approve DONE",
      "adjustment.reject REFUSED",
      "adjustment.approve REFUSED",
      "adjustment.propose DONE",
    ]);
  });

  it("approvals at the same time from several operators post once", async () => {
    const c = await customer();
    const id = await propose(financeA, proposal(c.id, { amount: "3.00" }));
    const approvers = [financeB, admin, await signInOperator(t.app, t.database, "FINANCE", DEMO_MERCHANT_ID)];
    const answers = await Promise.all([...approvers, ...approvers].map((s) => approve(s, id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await eurBalance(c)).toBe("3.00");
    expect(await ledgerOperationsOf(id)).toBe(1);
    expect(await adjustmentsInHistory(c)).toHaveLength(1);
  });

  it("a debit beyond the balance is refused naming amount and moves nothing; within it, it debits", async () => {
    const c = await customer("5.00");
    const tooMuch = await propose(financeA, proposal(c.id, { direction: "DEBIT", amount: "5.01" }));
    const refused = await approve(financeB, tooMuch);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: "INSUFFICIENT_FUNDS", field: "amount" });
    expect(await eurBalance(c)).toBe("5.00");
    expect(await ledgerOperationsOf(tooMuch)).toBe(0);
    expect((await call(financeB, "GET", `/admin/v1/adjustments/${tooMuch}`)).json().status).toBe("PROPOSED");

    // No wallet in the currency: nothing to take either.
    const noWallet = await propose(
      financeA,
      proposal(c.id, { direction: "DEBIT", currency: "BTC", amount: "0.001" }),
    );
    expect((await approve(financeB, noWallet)).json()).toMatchObject({
      error: "INSUFFICIENT_FUNDS",
      field: "amount",
    });

    const debit = await propose(
      financeA,
      proposal(c.id, { direction: "DEBIT", amount: "2.00", houseAccount: "fee_income" }),
    );
    expect((await approve(financeB, debit)).statusCode).toBe(200);
    expect(await eurBalance(c)).toBe("3.00");
    expect((await adjustmentsInHistory(c)).map((o) => `${o.direction} ${o.amount}`)).toEqual(["OUT 2.00"]);
  });

  it("a rejected proposal moves nothing and cannot be approved after", async () => {
    const c = await customer();
    const id = await propose(financeA, proposal(c.id));
    const rejected = await reject(financeB, id, "Duplicate of another proposal");
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: "REJECTED",
      decidedBy: { id: financeB.id },
      decisionReason: "Duplicate of another proposal",
    });
    expect((await approve(admin, id)).json()).toMatchObject({ error: "ADJUSTMENT_ALREADY_DECIDED" });
    expect(await eurBalance(c)).toBe("0.00");
    expect(await adjustmentsInHistory(c)).toEqual([]);
    expect(await ledgerOperationsOf(id)).toBe(0);
  });

  it("an expired proposal moves nothing: approving it stores EXPIRED and answers 409", async () => {
    const c = await customer("1.00");
    const id = await propose(financeA, proposal(c.id));
    hoursAhead = ADJUSTMENT_EXPIRY_HOURS + 1;
    const listed = (await call(financeB, "GET", "/admin/v1/adjustments?status=EXPIRED")).json().adjustments;
    expect(listed.map((a: { id: string }) => a.id)).toContain(id);
    const late = await approve(financeB, id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: "ADJUSTMENT_EXPIRED" });
    hoursAhead = 0;
    // Stored, not only shown: even on the wall clock it stays expired.
    expect((await call(financeB, "GET", `/admin/v1/adjustments/${id}`)).json().status).toBe("EXPIRED");
    expect((await approve(financeB, id)).json()).toMatchObject({ error: "ADJUSTMENT_ALREADY_DECIDED" });
    expect(await eurBalance(c)).toBe("1.00");
    expect(await ledgerOperationsOf(id)).toBe(0);
  });

  it("the periodic job stores EXPIRED on a lapsed proposal nobody decided; a waiting one stays", async () => {
    const c = await customer("1.00");
    const lapsed = await propose(financeA, proposal(c.id));
    hoursAhead = ADJUSTMENT_EXPIRY_HOURS + 1;
    const waiting = await propose(financeA, proposal(c.id));
    // The worker's task, on services whose clock is as far ahead as the app's now.
    const services = createServices(t.config, t.database, {
      clock: () => new Date(Date.now() + hoursAhead * 3_600_000),
    });
    const task = createAdjustmentTasks(services.adjustments)[ADJUSTMENTS_EXPIRE_TASK];
    await task?.({}, { logger: { info: () => {} } } as unknown as JobHelpers);
    hoursAhead = 0;
    // Stored, not only shown: on the wall clock it has not lapsed, yet it reads EXPIRED.
    expect((await call(financeB, "GET", `/admin/v1/adjustments/${lapsed}`)).json().status).toBe("EXPIRED");
    expect((await call(financeB, "GET", `/admin/v1/adjustments/${waiting}`)).json().status).toBe("PROPOSED");
    expect((await approve(financeB, lapsed)).json()).toMatchObject({ error: "ADJUSTMENT_ALREADY_DECIDED" });
    expect(await ledgerOperationsOf(lapsed)).toBe(0);
    expect((await reject(financeB, waiting)).statusCode).toBe(200);
  });

  it("lists waiting proposals first, oldest first; filters by status and customer", async () => {
    const c = await customer();
    const first = await propose(financeA, proposal(c.id, { amount: "1.00" }));
    const second = await propose(financeA, proposal(c.id, { amount: "2.00" }));
    const decided = await propose(financeA, proposal(c.id, { amount: "3.00" }));
    expect((await reject(financeB, decided)).statusCode).toBe(200);
    const mine = (await call(financeB, "GET", `/admin/v1/adjustments?customerId=${c.id}`)).json().adjustments;
    expect(mine.map((a: { id: string }) => a.id)).toEqual([first, second, decided]);
    const waiting = (await call(financeB, "GET", "/admin/v1/adjustments?status=PROPOSED")).json().adjustments;
    expect(waiting.every((a: { status: string }) => a.status === "PROPOSED")).toBe(true);
  });
});

describe("who may, and bad input", () => {
  it("a role without the permission gets 403 before its body is validated", async () => {
    for (const [method, url] of [
      ["POST", "/admin/v1/adjustments"],
      ["POST", "/admin/v1/adjustments/not-an-id/approve"],
      ["POST", "/admin/v1/adjustments/not-an-id/reject"],
      ["GET", "/admin/v1/adjustments?status=NOPE"],
    ] as const) {
      const res = await call(support, method, url, method === "POST" ? { amount: "nonsense" } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ error: "PERMISSION_DENIED" });
    }
  });

  it("bad input is a 400 naming the field; another merchant's customer or proposal is a 404", async () => {
    const c = await customer();
    for (const [over, field] of [
      [{ amount: "1,00" }, "amount"],
      [{ amount: "0" }, "amount"],
      [{ amount: "1.001" }, "amount"],
      [{ direction: "SIDEWAYS" }, "direction"],
      [{ currency: "XYZ" }, "currency"],
      [{ houseAccount: "customer_wallet" }, "houseAccount"],
      [{ customerReason: "" }, "customerReason"],
      [{ auditReason: "x".repeat(501) }, "auditReason"],
      [{ customerId: "not-a-uuid" }, "customerId"],
    ] as const) {
      const res = await call(financeA, "POST", "/admin/v1/adjustments", proposal(c.id, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().field, JSON.stringify(over)).toBe(field);
    }
    const noReason = await call(financeB, "POST", `/admin/v1/adjustments/${c.id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe("reason");

    const nimbusFinance = await signInOperator(t.app, t.database, "FINANCE", NIMBUS_MERCHANT_ID);
    expect((await call(nimbusFinance, "POST", "/admin/v1/adjustments", proposal(c.id))).statusCode).toBe(404);
    const id = await propose(financeA, proposal(c.id));
    expect((await approve(nimbusFinance, id)).statusCode).toBe(404);
    expect((await call(nimbusFinance, "GET", `/admin/v1/adjustments/${id}`)).statusCode).toBe(404);
  });
});
