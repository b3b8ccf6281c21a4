import { describe, expect, it } from "vitest";
import type { DailyFiguresBatch } from "../ledger/index.ts";
import type { DailyMovement } from "../ledger/ledger.service.ts";
import { CSV_HEADER, csvLine, dayRowsOf, daysBetween, reportKindOf } from "./reports-rules.ts";

const day = (d: string) => new Date(`${d}T00:00:00Z`);
const move = (m: Partial<DailyMovement> & Pick<DailyMovement, "day" | "amount">): DailyMovement => ({
  currency: "EUR",
  operationKind: "transfer_mobile",
  debitKind: "customer_wallet",
  creditKind: "customer_wallet",
  count: 1,
  ...m,
});
const batch = (b: Partial<DailyFiguresBatch>): DailyFiguresBatch => ({
  from: day("2030-01-01"),
  to: day("2030-01-04"),
  opening: new Map(),
  movements: [],
  activeCustomers: [],
  ...b,
});

describe("the kind of a customer's leg", () => {
  it("is a fee or interest by the house account on the other side, else by the operation", () => {
    expect(reportKindOf("exchange", "fee_income")).toBe("FEE");
    expect(reportKindOf("deposit_interest", "interest_expense")).toBe("INTEREST");
    expect(reportKindOf("exchange_iban", "liquidity")).toBe("EXCHANGE");
    expect(reportKindOf("payout_crypto_internal", "customer_wallet")).toBe("SEND");
    expect(reportKindOf("payout_crypto_confirm", "chain_hot_wallet")).toBe("CRYPTO");
    expect(reportKindOf("withdraw_iban_executed", "bank_settlement")).toBe("SEPA");
    expect(reportKindOf("card_purchase_settle", "issuer_settlement")).toBe("CARD_SPENDING");
    expect(reportKindOf("something_new", "liquidity")).toBe("OTHER");
  });
});

describe("the days of a batch", () => {
  it("carries the balance from day to day: each closing is the last plus money in less money out", () => {
    const rows = dayRowsOf(
      batch({
        opening: new Map([["EUR", 1_000n]]),
        movements: [
          move({
            day: "2030-01-01",
            operationKind: "iban_receive",
            debitKind: "bank_settlement",
            amount: 500n,
          }),
          move({ day: "2030-01-01", operationKind: "exchange", creditKind: "fee_income", amount: 20n }),
          move({ day: "2030-01-03", amount: 300n, count: 2 }),
          move({
            day: "2030-01-03",
            operationKind: "withdraw_iban",
            creditKind: "bank_settlement",
            amount: 100n,
          }),
        ],
        activeCustomers: [{ day: "2030-01-03", currency: "EUR", customers: 3 }],
      }),
    );
    expect(rows.map((r) => [r.day, r.closingBalance])).toEqual([
      ["2030-01-01", 1_480n],
      ["2030-01-02", 1_480n],
      ["2030-01-03", 1_380n],
    ]);
    const [first, , third] = rows;
    expect(first?.flows.get("SEPA")).toEqual({ in: 500n, out: 0n, count: 1 });
    expect(first?.flows.get("FEE")).toEqual({ in: 0n, out: 20n, count: 1 });
    expect(first?.feesEarned).toBe(20n);
    // A send between two customers is money in and out alike: the balance does not move.
    expect(third?.flows.get("SEND")).toEqual({ in: 300n, out: 300n, count: 4 });
    expect(third).toMatchObject({ moneyIn: 300n, moneyOut: 400n, activeCustomers: 3 });
  });

  it("counts fees and interest the house earns and pays even when no customer account is a side", () => {
    const [row] = dayRowsOf(
      batch({
        to: day("2030-01-02"),
        movements: [
          move({
            day: "2030-01-01",
            operationKind: "payin_card",
            debitKind: "acquiring_clearing",
            creditKind: "fee_income",
            amount: 70n,
          }),
          move({
            day: "2030-01-01",
            operationKind: "card_order_refund",
            debitKind: "fee_income",
            creditKind: "customer_wallet",
            amount: 5n,
          }),
          move({
            day: "2030-01-01",
            operationKind: "deposit_interest",
            debitKind: "interest_expense",
            creditKind: "deposit_interest",
            amount: 9n,
          }),
        ],
      }),
    );
    expect(row).toMatchObject({ feesEarned: 65n, interestPaid: 9n, closingBalance: 14n, moneyIn: 14n });
  });

  it("takes interest given back off the interest paid, and lists currencies in code order", () => {
    const rows = dayRowsOf(
      batch({
        to: day("2030-01-02"),
        opening: new Map([["USDT", 50n]]),
        movements: [
          move({
            day: "2030-01-01",
            currency: "EUR",
            operationKind: "deposit_interest",
            debitKind: "interest_expense",
            creditKind: "deposit_interest",
            amount: 9n,
          }),
          move({
            day: "2030-01-01",
            currency: "EUR",
            operationKind: "deposit_interest_reversal",
            debitKind: "deposit_interest",
            creditKind: "interest_expense",
            amount: 4n,
          }),
        ],
      }),
    );
    expect(rows.map((r) => [r.currency, r.closingBalance, r.interestPaid])).toEqual([
      ["EUR", 5n, 5n],
      ["USDT", 50n, 0n],
    ]);
    expect(rows[0]?.flows.get("INTEREST")).toEqual({ in: 9n, out: 4n, count: 2 });
  });

  it("leaves out a currency's day with nothing held and nothing moved", () => {
    expect(dayRowsOf(batch({ opening: new Map([["BTC", 0n]]) }))).toEqual([]);
  });
});

describe("the CSV", () => {
  it("has a fixed column per kind and direction, and a line per row", () => {
    const [row] = dayRowsOf(batch({ to: day("2030-01-02"), opening: new Map([["EUR", 1_234n]]) }));
    const columns = CSV_HEADER.split(",");
    expect(columns.slice(0, 4)).toEqual(["day", "currency", "closing_balance", "active_customers"]);
    expect(columns).toContain("sepa_out");
    const line = csvLine(row as NonNullable<typeof row>, (a) => (Number(a) / 100).toFixed(2));
    expect(line.endsWith("\r\n")).toBe(true);
    expect(line.trimEnd().split(",")).toHaveLength(columns.length);
    expect(line.startsWith("2030-01-01,EUR,12.34,0,")).toBe(true);
  });

  it("counts both ends of a range", () => {
    expect(daysBetween("2030-01-01", "2030-01-01")).toBe(1);
    expect(daysBetween("2028-01-01", "2028-12-31")).toBe(366);
    expect(daysBetween("2030-01-02", "2030-01-01")).toBe(0);
  });
});
