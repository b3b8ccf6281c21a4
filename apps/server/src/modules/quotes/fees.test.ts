import { describe, expect, it } from "vitest";
import { RATE_ONE } from "../../providers/rates/rates-provider.ts";
import {
  bandBreakpoints,
  type FeeSettings,
  feeInfo,
  feeSettingsSchema,
  feesOn,
  fixFeeIn,
  toFeeSchedule,
  transactionBpsAt,
} from "./fees.ts";
import { formatBps, parsePercentBps } from "./percent.ts";

const settings = (over: Partial<FeeSettings> = {}): FeeSettings => ({
  transactionFee: "0.5",
  additionalFee: "0.25",
  fixFee: "0",
  feeTable: [],
  feeTableEnabled: false,
  freeTransactionsPromo: { available: 0 },
  ...over,
});

const issuesOf = (value: unknown) =>
  (feeSettingsSchema.safeParse(value).error?.issues ?? []).map((i) => ({
    path: i.path.join("."),
    message: i.message,
  }));

describe("percents", () => {
  it("reads a percent string as exact basis points", () => {
    expect(parsePercentBps("0.5")).toEqual({ ok: true, bps: 50n });
    expect(parsePercentBps("1")).toEqual({ ok: true, bps: 100n });
    expect(parsePercentBps("0.01")).toEqual({ ok: true, bps: 1n });
    expect(parsePercentBps("12.34")).toEqual({ ok: true, bps: 1234n });
    expect(parsePercentBps("0")).toEqual({ ok: true, bps: 0n });
  });

  it("refuses a percent finer than one basis point instead of rounding it", () => {
    expect(parsePercentBps("0.125")).toEqual({
      ok: false,
      message: "must have at most 2 decimal places (one basis point is 0.01%)",
    });
  });

  it("refuses 100 % and anything that is not a plain positive decimal", () => {
    for (const bad of ["100", "250", "-1", "1e2", "", " 1", "1.", ".5", "0,5", "1000.5"]) {
      expect(parsePercentBps(bad).ok, bad).toBe(false);
    }
  });

  it("shows basis points as a percent with exactly two places (spec §9)", () => {
    expect(formatBps(50n)).toBe("0.50");
    expect(formatBps(1234n)).toBe("12.34");
    expect(formatBps(0n)).toBe("0.00");
  });
});

describe("fee settings schema", () => {
  it("accepts the spec's fee fields and turns them into exact integers", () => {
    const schedule = toFeeSchedule(
      settings({
        fixFee: "0.30",
        feeTableEnabled: true,
        feeTable: [{ percent: "1", amountFrom: "0", amountTo: "100", currency: "USDT" }],
      }),
    );
    expect(schedule).toEqual({
      transactionBps: 50n,
      additionalBps: 25n,
      fixFeeEur: 30n,
      feeTable: [{ bps: 100n, from: 0n, to: 100_000000n, currency: "USDT" }],
      feeTableEnabled: true,
      freeTransactionsAvailable: 0,
    });
  });

  it("names the field of a percent with too many decimals", () => {
    expect(issuesOf(settings({ transactionFee: "0.125" }))).toEqual([
      { path: "transactionFee", message: "must have at most 2 decimal places (one basis point is 0.01%)" },
    ]);
  });

  it("refuses fees that together reach 100 %", () => {
    expect(issuesOf(settings({ transactionFee: "60", additionalFee: "40" }))).toEqual([
      { path: "additionalFee", message: "fees together must stay below 100%" },
    ]);
  });

  it("refuses overlapping or empty bands", () => {
    const band = (amountFrom: string, amountTo: string | null) => ({
      percent: "1",
      amountFrom,
      amountTo,
      currency: "EUR" as const,
    });
    expect(issuesOf(settings({ feeTable: [band("0", "100"), band("50", null)] })).map((i) => i.path)).toEqual(
      ["feeTable.0", "feeTable.1"],
    );
    expect(issuesOf(settings({ feeTable: [band("100", "100")] }))).toEqual([
      { path: "feeTable.0.amountTo", message: "must be above amountFrom" },
    ]);
  });

  it("keeps bands of different currencies apart: they never overlap", () => {
    const band = (currency: "EUR" | "USDT") => ({ percent: "1", amountFrom: "0", amountTo: null, currency });
    expect(issuesOf(settings({ feeTable: [band("EUR"), band("USDT")] }))).toEqual([]);
  });

  it("refuses an amount finer than its currency, naming the field", () => {
    const band = { percent: "1", amountFrom: "0.1234567", amountTo: "1.001", currency: "USDT" as const };
    expect(issuesOf(settings({ fixFee: "0.301", feeTable: [band] }))).toEqual([
      { path: "fixFee", message: "at most the decimals of EUR" },
      { path: "feeTable.0.amountFrom", message: "at most the decimals of USDT" },
    ]);
    const euros = { percent: "1", amountFrom: "0", amountTo: "10.001", currency: "EUR" as const };
    expect(issuesOf(settings({ feeTable: [euros] }))).toContainEqual({
      path: "feeTable.0.amountTo",
      message: "at most the decimals of EUR",
    });
  });

  it("refuses a band in an unknown currency and a fixed fee that is not a decimal", () => {
    const bad = {
      ...settings({ fixFee: "1e3" }),
      feeTable: [{ percent: "1", amountFrom: "0", amountTo: null, currency: "XXX" }],
    };
    expect(issuesOf(bad).map((i) => i.path)).toEqual(["fixFee", "feeTable.0.currency"]);
  });
});

describe("fee amounts", () => {
  it("lists where the transaction percent may change: every band's start and end, none when off", () => {
    const table = [
      { percent: "1", amountFrom: "0", amountTo: "100", currency: "EUR" as const },
      { percent: "0.5", amountFrom: "100", amountTo: null, currency: "EUR" as const },
    ];
    expect(bandBreakpoints(toFeeSchedule(settings({ feeTableEnabled: true, feeTable: table })))).toEqual([
      0n,
      100_00n,
      100_00n,
    ]);
    expect(bandBreakpoints(toFeeSchedule(settings({ feeTableEnabled: false, feeTable: table })))).toEqual([]);
  });

  it("picks the band holding the amount, its start included and its end excluded", () => {
    const schedule = toFeeSchedule(
      settings({
        transactionFee: "2",
        feeTableEnabled: true,
        feeTable: [
          { percent: "1", amountFrom: "10", amountTo: "100", currency: "EUR" },
          { percent: "0.5", amountFrom: "100", amountTo: null, currency: "EUR" },
        ],
      }),
    );
    expect(transactionBpsAt(schedule, 999n)).toBe(200n); // below every band: the flat fee
    expect(transactionBpsAt(schedule, 1000n)).toBe(100n);
    expect(transactionBpsAt(schedule, 9999n)).toBe(100n);
    expect(transactionBpsAt(schedule, 10000n)).toBe(50n);
    expect(transactionBpsAt({ ...schedule, feeTableEnabled: false }, 10000n)).toBe(200n);
  });

  it("rounds the percent fees up once, on their sum, and splits them by kind", () => {
    const schedule = toFeeSchedule(settings({ transactionFee: "0.5", additionalFee: "0.5" }));
    // 201 cents: 0.5 % is 1.005 cents each; the sum 2.01 rounds up to 3, not 2 + 2.
    expect(feesOn(schedule, 201n, 7n)).toEqual({
      transaction: 2n,
      additional: 1n,
      fix: 7n,
      total: 10n,
      transactionBps: 50n,
      additionalBps: 50n,
      promoApplied: false,
    });
  });

  it("charges nothing while a free transaction is left, and says one was used", () => {
    const schedule = toFeeSchedule(settings({ freeTransactionsPromo: { available: 2 } }));
    expect(feesOn(schedule, 100_00n, 30n)).toMatchObject({ total: 0n, fix: 0n, promoApplied: true });
  });

  it("converts the EUR fixed fee to the from currency at mid, rounded up", () => {
    const usdtPerEur = { value: (108n * RATE_ONE) / 100n }; // 1.08
    expect(fixFeeIn("USDT", 30n, 6, usdtPerEur)).toBe(324000n); // 0.30 EUR = 0.324 USDT
    const btcPerEur = { value: RATE_ONE / 60000n }; // 1 EUR = 0.0000166... BTC
    expect(fixFeeIn("BTC", 30n, 8, btcPerEur)).toBe(500n); // 499.99... sats, rounded up
    expect(fixFeeIn("EUR", 30n, 2)).toBe(30n);
    expect(() => fixFeeIn("BTC", 30n, 8)).toThrow("a fixed fee needs the EUR→BTC mid rate");
  });

  it("lists the fee info of spec §3 with percents to two places", () => {
    expect(feeInfo({ transactionBps: 50n, additionalBps: 5n })).toEqual([
      { type: "TransactionFee", value: "0.50" },
      { type: "AdditionalFee", value: "0.05" },
    ]);
  });
});
