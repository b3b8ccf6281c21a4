import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { type OperatorSession, signInOperator } from "../operators/operators.test-helpers.ts";
import { type ExchangeTest, exchangeTestApp } from "../quotes/exchange.test-helpers.ts";

type Customer = { phone: string; token: string; customerId: string };
type Row = {
  day: string;
  currency: string;
  closingBalance: string;
  activeCustomers: number;
  moneyIn: string;
  moneyOut: string;
  feesEarned: string;
  flows: { kind: string; in: string; out: string; count: number }[];
};
let x: ExchangeTest;
let alice: Customer;
let finance: OperatorSession;
let platform: OperatorSession;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  x = await exchangeTestApp();
  alice = await x.d.verified();
  // Known operations: 1000 USDT of sandbox money, 100 USDT exchanged to EUR (0.50 USDT fee),
  // and 0.01 BTC received on the sandbox chain.
  expect((await x.d.faucet(alice.phone, "USDT", "1000")).statusCode).toBe(200);
  const offer = (
    await x.create(alice.token, { currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "100" })
  ).json();
  expect((await x.execute(alice.token, offer.offerId)).statusCode).toBe(200);
  const opened = await x.t.app.inject({
    method: "POST",
    url: "/v2/wallets",
    headers: x.d.bearer(alice.token),
    payload: { currencies: ["BTC"] },
  });
  expect(opened.statusCode).toBe(201);
  const address = (await x.d.wallet(alice.token, "BTC")).address;
  const { txHash } = (await x.d.deposit(address, "BTC", "0.01")).json();
  await x.d.advance(txHash, 2);
  await x.d.runChainJobs();
  expect((await x.d.wallet(alice.token, "BTC")).balance).toBe("0.01000000");
  finance = await signInOperator(x.t.app, x.t.database, "FINANCE", DEMO_MERCHANT_ID);
  platform = await signInOperator(x.t.app, x.t.database, "PLATFORM_ADMIN", null);
});
afterAll(() => x.t.close());

const get = (s: OperatorSession, url: string) =>
  x.t.app.inject({ url, headers: { ...s.headers, "x-merchant-id": DEMO_MERCHANT_ID } });
const rowsOf = async (s: OperatorSession, from: string, to: string) => {
  const res = await get(s, `/admin/v1/reports/daily?from=${from}&to=${to}`);
  expect(res.statusCode).toBe(200);
  return res.json().rows as Row[];
};
const flow = (r: Row | undefined, kind: string) => r?.flows.find((f) => f.kind === kind);
const minor = (decimal: string) => BigInt(decimal.replace(".", ""));

describe("the daily report", () => {
  it("adds up the day's known operations per currency and matches the ledger's balances", async () => {
    const rows = await rowsOf(finance, daysAgo(3), today);
    const usdt = rows.find((r) => r.currency === "USDT" && r.day === today);
    expect(usdt).toMatchObject({ closingBalance: "900.000000", activeCustomers: 1 });
    expect(flow(usdt, "SANDBOX_CREDIT")).toMatchObject({ in: "1000.000000", out: "0.000000" });
    // The 100 USDT left as the conversion and the fees (0.50 and the rounding remainder).
    const fee = minor(flow(usdt, "FEE")?.out ?? "0");
    expect(fee).toBeGreaterThanOrEqual(500_000n);
    expect(minor(flow(usdt, "EXCHANGE")?.out ?? "0") + fee).toBe(100_000_000n);
    expect(minor(usdt?.feesEarned ?? "0")).toBe(fee);
    const btc = rows.find((r) => r.currency === "BTC" && r.day === today);
    expect(flow(btc, "CRYPTO")).toMatchObject({ in: "0.01000000", count: 1 });

    for (const r of rows.filter((r) => r.day === today)) {
      // Each day's rows add up: the flows make money in and out, and the balance moved by both.
      const sum = (side: "in" | "out") => r.flows.reduce((s, f) => s + minor(f[side]), 0n);
      expect(sum("in")).toBe(minor(r.moneyIn));
      expect(sum("out")).toBe(minor(r.moneyOut));
      const before = rows.find((p) => p.currency === r.currency && p.day === daysAgo(1));
      expect(minor(r.closingBalance)).toBe(
        minor(before?.closingBalance ?? "0") + minor(r.moneyIn) - minor(r.moneyOut),
      );
      // ...and the closing balance is what the customer's wallet holds by the ledger.
      expect(r.closingBalance).toBe(await x.balance(alice.token, r.currency));
    }
    // Fees earned are the fee income account's balance (nothing else earned fees here).
    const { rows: income } = await x.t.database.pool.query<{ balance: string }>(
      `select sum(credits_posted - debits_posted)::text as balance from ledger_accounts
       where merchant_id = $1 and kind = 'fee_income' and currency = 'USDT'`,
      [DEMO_MERCHANT_ID],
    );
    expect(BigInt(income[0]?.balance ?? "0")).toBe(minor(usdt?.feesEarned ?? "0"));
    await x.d.expectInvariants();
  });

  it("shows another merchant's operator none of it", async () => {
    const nimbus = await signInOperator(x.t.app, x.t.database, "FINANCE", NIMBUS_MERCHANT_ID);
    const rows = await rowsOf(nimbus, today, today);
    expect(rows.filter((r) => r.currency === "USDT")).toEqual([]);
  });

  it("refuses bad ranges naming the field", async () => {
    const bad = async (query: string, field: string) => {
      const res = await get(finance, `/admin/v1/reports/daily${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
    };
    await bad(`?to=${today}`, "from");
    await bad(`?from=2026-13-01&to=${today}`, "from");
    await bad(`?from=${today}&to=yesterday`, "to");
    await bad(`?from=${today}&to=${daysAgo(1)}`, "to");
    await bad(`?from=${daysAgo(366)}&to=${today}`, "to");
    const csv = await get(finance, `/admin/v1/reports/daily.csv?from=2000-01-01&to=${today}`);
    expect(csv.statusCode).toBe(400);
    expect(csv.json()).toMatchObject({ field: "to" });
  });

  it("refuses a role without reports.read with 403 before looking at the query", async () => {
    for (const role of ["SUPPORT", "COMPLIANCE"] as const) {
      const s = await signInOperator(x.t.app, x.t.database, role, DEMO_MERCHANT_ID);
      for (const url of [
        "/admin/v1/reports/daily?from=nope",
        "/admin/v1/reports/daily.csv",
        "/admin/v1/reports/reconciliation",
      ]) {
        const res = await get(s, url);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ error: "PERMISSION_DENIED" });
      }
    }
  });
});

describe("the CSV export", () => {
  it("streams every day of a long range with a fixed header, and is audited", async () => {
    const res = await get(finance, `/admin/v1/reports/daily.csv?from=${daysAgo(400)}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain("attachment");
    const lines = res.body.trimEnd().split("\r\n");
    const header = lines[0]?.split(",") ?? [];
    expect(header.slice(0, 3)).toEqual(["day", "currency", "closing_balance"]);
    const usdt = lines.find((l) => l.startsWith(`${today},USDT,`))?.split(",") ?? [];
    expect(usdt[header.indexOf("closing_balance")]).toBe("900.000000");
    const out = (kind: string) => minor(usdt[header.indexOf(`${kind}_out`)] ?? "0");
    expect(out("exchange") + out("fee")).toBe(100_000_000n);
    expect(usdt[header.indexOf("sandbox_credit_in")]).toBe("1000.000000");

    const admin = await signInOperator(x.t.app, x.t.database, "MERCHANT_ADMIN", DEMO_MERCHANT_ID);
    const trail = (await get(admin, `/admin/v1/audit?action=reports.export`)).json();
    expect(trail.entries[0]).toMatchObject({ operatorEmail: finance.email, outcome: "DONE" });
  });
});

describe("reconciliation", () => {
  it("puts the providers' books beside every merchant's house accounts and flags what differs", async () => {
    const res = await get(platform, "/admin/v1/reports/reconciliation");
    expect(res.statusCode).toBe(200);
    const { scope, rows } = res.json();
    expect(scope).toBe("PLATFORM");
    // The chain holds the 0.01 BTC the ledger credited: they agree.
    expect(
      rows.find(
        (r: { provider: string; currency: string }) => r.provider === "CHAIN" && r.currency === "BTC",
      ),
    ).toMatchObject({
      ledgerBalance: "0.01000000",
      providerBalance: "0.01000000",
      difference: "0.00000000",
      matches: true,
    });
    // Sandbox money comes from no chain: the hot wallet's ledger figure has it, the chain does not.
    expect(
      rows.find(
        (r: { provider: string; currency: string }) => r.provider === "CHAIN" && r.currency === "USDT",
      ),
    ).toMatchObject({
      ledgerBalance: "1000.000000",
      providerBalance: "0.000000",
      difference: "-1000.000000",
      matches: false,
    });
  });

  it("shows a merchant's operator their house accounts without the platform's provider figures", async () => {
    const { scope, rows } = (await get(finance, "/admin/v1/reports/reconciliation")).json();
    expect(scope).toBe("MERCHANT");
    expect(
      rows.find(
        (r: { provider: string; currency: string }) => r.provider === "CHAIN" && r.currency === "BTC",
      ),
    ).toMatchObject({ ledgerBalance: "0.01000000", providerBalance: null, matches: null });
  });
});
