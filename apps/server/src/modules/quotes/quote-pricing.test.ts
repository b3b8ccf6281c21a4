import type { CurrencyCode } from "@kestrel/money";
import { describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error.ts";
import { RATE_ONE, type Rate } from "../../providers/rates/rates-provider.ts";
import { type FeeSettings, toFeeSchedule } from "./fees.ts";
import { legsOf } from "./quote-legs.ts";
import { type FixedAmount, type PricingInput, priceQuote } from "./quote-pricing.ts";

const rate = (decimal: string): Rate => {
  const [whole = "0", fraction = ""] = decimal.split(".");
  return { value: BigInt(whole) * RATE_ONE + BigInt(fraction.padEnd(18, "0")) };
};

const fees = (over: Partial<FeeSettings> = {}) =>
  toFeeSchedule({
    transactionFee: "0.5",
    additionalFee: "0",
    fixFee: "0.30",
    feeTable: [],
    feeTableEnabled: false,
    freeTransactionsPromo: { available: 0 },
    ...over,
  });

/** USDT → EUR at a bid of 0.9, 0.5 % + 0.30 EUR (1 EUR = 1.08 USDT), 1..10 000 USDT. */
const usdtToEur = (fixed: FixedAmount, over: Partial<PricingInput> = {}): PricingInput => ({
  from: "USDT",
  to: "EUR",
  rate: { base: "USDT", quote: "EUR", mid: rate("0.91"), bid: rate("0.9") },
  eurMid: rate("1.08"),
  fees: fees(),
  limits: { minFrom: 1_000000n, maxFrom: 10_000_000000n },
  fixed,
  ...over,
});

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, field: error.field, message: error.message, data: error.data };
  }
  throw new Error("expected a refusal");
};

describe("priceQuote, from-amount fixed", () => {
  it("takes the fees from the amount, converts the rest rounded down, keeps the rest for the house", () => {
    const priced = priceQuote(usdtToEur({ side: "from", amount: 100_000000n }));
    // fees: 0.5 USDT + 0.30 EUR = 0.324 USDT; net 99.176 USDT × 0.9 = 89.2584 EUR → 89.25 EUR.
    expect(priced).toMatchObject({
      fixedSide: "from",
      fromAmount: 100_000000n,
      toAmount: 89_25n,
      fees: { transaction: 500000n, additional: 0n, fix: 324000n, total: 824000n, promoApplied: false },
      // 89.25 EUR / 0.9 = 99.1666666... USDT, rounded up: the liquidity account's share.
      converted: 99_166667n,
      houseRemainder: 9333n,
      rate: rate("0.9"),
      midRate: rate("0.91"),
    });
    expect(priced.converted + priced.fees.total + priced.houseRemainder).toBe(priced.fromAmount);
  });

  it("gives the ledger legs: conversion through liquidity, fees and rounding to fee income", () => {
    const priced = priceQuote(usdtToEur({ side: "from", amount: 100_000000n }));
    expect(legsOf(priced)).toEqual([
      {
        debit: { customerWallet: "USDT" },
        credit: { house: "liquidity" },
        amount: 99_166667n,
        currency: "USDT",
        purpose: "conversion_in",
      },
      {
        debit: { house: "liquidity" },
        credit: { customerWallet: "EUR" },
        amount: 89_25n,
        currency: "EUR",
        purpose: "conversion_out",
      },
      {
        debit: { customerWallet: "USDT" },
        credit: { house: "fee_income" },
        amount: 824000n,
        currency: "USDT",
        purpose: "fee",
      },
      {
        debit: { customerWallet: "USDT" },
        credit: { house: "fee_income" },
        amount: 9333n,
        currency: "USDT",
        purpose: "rounding",
      },
    ]);
  });

  it("leaves out zero legs (a free transaction, no rounding remainder)", () => {
    const priced = priceQuote({
      from: "EUR",
      to: "USDT",
      rate: { base: "EUR", quote: "USDT", mid: rate("1.08"), bid: rate("1.07") },
      fees: fees({ freeTransactionsPromo: { available: 1 } }),
      limits: { minFrom: 1n, maxFrom: 1_000_000_00n },
      fixed: { side: "from", amount: 10_00n },
    });
    expect(priced).toMatchObject({ toAmount: 10_700000n, converted: 10_00n, houseRemainder: 0n });
    expect(priced.fees.promoApplied).toBe(true);
    expect(legsOf(priced).map((l) => l.purpose)).toEqual(["conversion_in", "conversion_out"]);
  });

  it("converts across scales 18 → 2 and 2 → 8 exactly", () => {
    const ethToEur = priceQuote({
      from: "ETH",
      to: "EUR",
      rate: { base: "ETH", quote: "EUR", mid: rate("2000"), bid: rate("1999.5") },
      eurMid: rate("0.0005"),
      fees: fees({ transactionFee: "0", fixFee: "0" }),
      limits: { minFrom: 1n, maxFrom: 10n ** 24n },
      fixed: { side: "from", amount: 123456789012345678n }, // 0.123456789012345678 ETH
    });
    // 0.123456789012345678 × 1999.5 = 246.85185... EUR → 246.85
    expect(ethToEur.toAmount).toBe(246_85n);
    expect(ethToEur.converted).toBe(123455863965991498n); // ⌈246.85 / 1999.5⌉ in wei
    expect(ethToEur.houseRemainder).toBe(925046354180n);

    const eurToBtc = priceQuote({
      from: "EUR",
      to: "BTC",
      rate: { base: "EUR", quote: "BTC", mid: rate("0.0000155"), bid: rate("0.0000155") },
      fees: fees({ transactionFee: "0", fixFee: "0" }),
      limits: { minFrom: 1n, maxFrom: 10n ** 12n },
      fixed: { side: "from", amount: 10_01n },
    });
    // 10.01 EUR = 15515.5 sats → 15515; all 1001 cents are needed for them: no whole cent left.
    expect(eurToBtc).toMatchObject({ toAmount: 15515n, converted: 10_01n, houseRemainder: 0n });
  });
});

describe("priceQuote, to-amount fixed", () => {
  it("finds the least from-amount that delivers at least the amount, and quotes its forward price", () => {
    const priced = priceQuote(usdtToEur({ side: "to", amount: 89_25n }));
    expect(priced.fixedSide).toBe("to");
    expect(priced.toAmount).toBeGreaterThanOrEqual(89_25n);
    const forward = priceQuote(usdtToEur({ side: "from", amount: priced.fromAmount }));
    expect({ ...forward, fixedSide: "to" }).toEqual(priced);
    const oneLess = priceQuote(usdtToEur({ side: "from", amount: priced.fromAmount - 1n }));
    expect(oneLess.toAmount).toBeLessThan(89_25n);
  });

  it("may deliver a little more than asked when `from` is the coarser currency", () => {
    const input = (fixed: FixedAmount): PricingInput => ({
      from: "EUR",
      to: "BTC",
      rate: { base: "EUR", quote: "BTC", mid: rate("0.0000155"), bid: rate("0.0000155") },
      fees: fees({ transactionFee: "0", fixFee: "0" }),
      limits: { minFrom: 1n, maxFrom: 10n ** 12n },
      fixed,
    });
    // 1 cent buys 15.5 sats: 100000 sats need 6451.6... cents, so 6452 cents, 100006 sats.
    expect(priceQuote(input({ side: "to", amount: 100000n }))).toMatchObject({
      fromAmount: 64_52n,
      toAmount: 100006n,
    });
  });

  it("takes the fee table's cheaper band when it reaches the amount for less", () => {
    const table = fees({
      fixFee: "0",
      transactionFee: "5",
      feeTableEnabled: true,
      feeTable: [{ percent: "0", amountFrom: "100", amountTo: null, currency: "USDT" }],
    });
    // 90 EUR costs 105.27 USDT at 5 % below 100 USDT, but exactly 100 USDT in the free band.
    const priced = priceQuote(usdtToEur({ side: "to", amount: 90_00n }, { fees: table }));
    expect(priced).toMatchObject({ fromAmount: 100_000000n, toAmount: 90_00n });
  });
});

describe("priceQuote refusals", () => {
  it("refuses a from-amount outside the pair's limits, naming the field and the bounds", () => {
    expect(refusal(() => priceQuote(usdtToEur({ side: "from", amount: 999999n })))).toEqual({
      code: "AMOUNT_TOO_SMALL",
      field: "amountFrom",
      message: "The amount is below the minimum for this pair.",
      data: { minAmountFrom: "1.000000", maxAmountFrom: "10000.000000", currency: "USDT" },
    });
    expect(refusal(() => priceQuote(usdtToEur({ side: "from", amount: 10_000_000001n })))).toMatchObject({
      code: "AMOUNT_TOO_LARGE",
      field: "amountFrom",
    });
  });

  it("refuses a to-amount that needs more than the maximum, or less than the minimum", () => {
    expect(refusal(() => priceQuote(usdtToEur({ side: "to", amount: 9_000_00n })))).toMatchObject({
      code: "AMOUNT_TOO_LARGE",
      field: "amountTo",
    });
    expect(refusal(() => priceQuote(usdtToEur({ side: "to", amount: 1n })))).toMatchObject({
      code: "AMOUNT_TOO_SMALL",
      field: "amountTo",
    });
  });

  it("refuses an amount the fees eat, and zero", () => {
    expect(
      refusal(() =>
        priceQuote(usdtToEur({ side: "from", amount: 1_100000n }, { fees: fees({ fixFee: "2" }) })),
      ),
    ).toMatchObject({
      code: "AMOUNT_TOO_SMALL",
      message: "The amount does not cover the fees.",
    });
    expect(refusal(() => priceQuote(usdtToEur({ side: "from", amount: 0n })))).toMatchObject({
      code: "AMOUNT_TOO_SMALL",
      message: "The amount must be more than zero.",
    });
  });

  it("refuses an amount that converts to nothing, saying so", () => {
    const free = fees({ transactionFee: "0", fixFee: "0" });
    const limits = { minFrom: 1n, maxFrom: 10_000_000000n };
    expect(
      refusal(() => priceQuote(usdtToEur({ side: "from", amount: 1n }, { fees: free, limits }))),
    ).toEqual({
      code: "AMOUNT_TOO_SMALL",
      field: "amountFrom",
      message: "The amount is too small to exchange.",
      data: { minAmountFrom: "0.000001", maxAmountFrom: "10000.000000", currency: "USDT" },
    });
  });

  it("refuses a pair of one currency, and a rate of zero", () => {
    const same = { from: "EUR" as CurrencyCode, to: "EUR" as CurrencyCode };
    expect(refusal(() => priceQuote(usdtToEur({ side: "from", amount: 1n }, same)))).toMatchObject({
      code: "PAIR_NOT_AVAILABLE",
      field: "amountTo",
    });
    const zero = { rate: { base: "USDT", quote: "EUR", mid: rate("0"), bid: rate("0") } } as const;
    expect(refusal(() => priceQuote(usdtToEur({ side: "from", amount: 1n }, zero)))).toMatchObject({
      code: "PAIR_NOT_AVAILABLE",
    });
  });

  it("fails loudly on a programming error: a rate of another pair, bad limits, a foreign fee table", () => {
    const other = { rate: { base: "BTC", quote: "EUR", mid: rate("1"), bid: rate("1") } } as const;
    expect(() => priceQuote(usdtToEur({ side: "from", amount: 1n }, other))).toThrow(TypeError);
    const limits = { limits: { minFrom: 5n, maxFrom: 4n } };
    expect(() => priceQuote(usdtToEur({ side: "from", amount: 5n }, limits))).toThrow(RangeError);
    const foreign = fees({
      feeTableEnabled: true,
      feeTable: [{ percent: "1", amountFrom: "0", amountTo: null, currency: "EUR" }],
    });
    expect(() => priceQuote(usdtToEur({ side: "from", amount: 5n }, { fees: foreign }))).toThrow(
      "fee table band in EUR for a pair from USDT",
    );
  });
});

describe("priceQuote at display precision (docs/quotes.md)", () => {
  it("prices a typed from-amount rounded up to a shown step, fees rounded up to shown steps", () => {
    const priced = priceQuote(usdtToEur({ side: "from", amount: 10_123000n }, { precision: "display" }));
    // 10.123 USDT is paid as 10.13; 0.5 % = 0.05065 → 0.06; 0.30 EUR = 0.324 USDT → 0.33.
    // net 9.74 USDT × 0.9 = 8.766 EUR → 8.76 EUR; 8.76 / 0.9 = 9.733334 USDT to liquidity.
    expect(priced).toMatchObject({
      fromAmount: 10_130000n,
      toAmount: 8_76n,
      fees: { transaction: 60000n, additional: 0n, fix: 330000n, total: 390000n },
      converted: 9_733334n,
      houseRemainder: 6666n,
    });
  });

  it("keeps a from-amount already on a shown step as typed", () => {
    const priced = priceQuote(usdtToEur({ side: "from", amount: 10_120000n }, { precision: "display" }));
    expect(priced.fromAmount).toBe(10_120000n);
  });

  it("fixing the to-amount finds the least whole shown from-amount that delivers it", () => {
    // 10.12 USDT delivers 8.75 EUR (fees 0.39, net 9.73 × 0.9 = 8.757); 10.13 delivers 8.76.
    const priced = priceQuote(usdtToEur({ side: "to", amount: 8_76n }, { precision: "display" }));
    expect([priced.fromAmount, priced.toAmount]).toEqual([10_130000n, 8_76n]);
  });

  it("searches each band of the fee table in order when the to-amount is fixed", () => {
    const table = fees({
      transactionFee: "0.5",
      feeTableEnabled: true,
      feeTable: [
        { percent: "2", amountFrom: "0", amountTo: "50", currency: "USDT" },
        { percent: "1", amountFrom: "50", amountTo: "100", currency: "USDT" },
        { percent: "0", amountFrom: "100", amountTo: null, currency: "USDT" },
      ],
    });
    // Below 50 USDT: 2 %. 40 EUR needs 44.444445 USDT net (40 / 0.9, up), + 0.324 fixed, / 0.98.
    const low = priceQuote(usdtToEur({ side: "to", amount: 40_00n }, { fees: table }));
    expect(low.fees.transactionBps).toBe(200n);
    expect(low.fromAmount).toBe(45_682087n);
    // 60 EUR: in the 1 % band, 66.666667 + 0.324, / 0.99. Both checked by scanning every amount.
    const middle = priceQuote(usdtToEur({ side: "to", amount: 60_00n }, { fees: table }));
    expect(middle.fees.transactionBps).toBe(100n);
    expect(middle.fromAmount).toBe(67_667341n);
  });
});

describe("priceQuote's programming errors", () => {
  it("fails loudly on a currency it does not know", () => {
    const input = usdtToEur({ side: "from", amount: 100_000000n });
    const unknown = "XYZ" as CurrencyCode;
    expect(() => priceQuote({ ...input, to: unknown, rate: { ...input.rate, quote: unknown } })).toThrow(
      "unknown currency XYZ",
    );
  });
});
