import { type CurrencyCode, displayStep, getCurrency, toDecimalString } from "@kestrel/money";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error.ts";
import { RATE_ONE } from "../../providers/rates/rates-provider.ts";
import { type FeeSettings, toFeeSchedule } from "./fees.ts";
import { legsOf } from "./quote-legs.ts";
import { type PricedQuote, type PricingInput, priceQuote } from "./quote-pricing.ts";

// Currencies of each scale the product holds: 2 (fiat), 6 (stablecoins), 8 (BTC family), 18 (ETH family).
const CODES: CurrencyCode[] = ["EUR", "USD", "USDT", "USDC", "BTC", "LTC", "ETH", "DAI"];
const scale = (code: CurrencyCode) => getCurrency(code)?.scale ?? 0;

const pair = fc
  .tuple(fc.constantFrom(...CODES), fc.constantFrom(...CODES))
  .filter(([from, to]) => from !== to);

/** A rate between 10^-8 and 10^6 units of `to` per unit of `from`, 18 decimals. */
const rateValue = fc.bigInt({ min: 10n ** 10n, max: 10n ** 24n });

/** An amount with a random number of digits, so small and large amounts both come up. */
const amountUpTo = (maxDigits: number) =>
  fc
    .integer({ min: 1, max: maxDigits })
    .chain((digits) => fc.bigInt({ min: 1n, max: 10n ** BigInt(digits) }));

const percent = (maxBps: number) =>
  fc
    .integer({ min: 0, max: maxBps })
    .map((bps) => `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, "0")}`);

/** Fee settings of spec §3 for a pair from `from`: bands at random edges, cheaper or dearer. */
const feeSettings = (from: CurrencyCode, edgeDigits = scale(from) + 6) =>
  fc
    .record({
      transactionFee: percent(500),
      additionalFee: percent(300),
      fixFeeCents: fc.integer({ min: 0, max: 500 }),
      edges: fc.uniqueArray(amountUpTo(edgeDigits), { maxLength: 3 }),
      bandPercents: fc.array(percent(800), { minLength: 3, maxLength: 3 }),
      feeTableEnabled: fc.boolean(),
      available: fc.constantFrom(0, 0, 0, 1),
    })
    .map((r): FeeSettings => {
      const edges = [...r.edges].sort((a, b) => (a < b ? -1 : 1));
      return {
        transactionFee: r.transactionFee,
        additionalFee: r.additionalFee,
        fixFee: toDecimalString(BigInt(r.fixFeeCents), "EUR"),
        feeTable: edges.map((edge, i) => {
          const next = edges[i + 1];
          return {
            percent: r.bandPercents[i] ?? "0",
            amountFrom: toDecimalString(edge, from),
            amountTo: next === undefined ? null : toDecimalString(next, from),
            currency: from,
          };
        }),
        feeTableEnabled: r.feeTableEnabled,
        freeTransactionsPromo: { available: r.available },
      };
    });

const pricingInput = pair.chain(([from, to]) =>
  fc.record({
    from: fc.constant(from),
    to: fc.constant(to),
    bid: rateValue,
    eurMid: rateValue,
    fees: feeSettings(from),
    // Up to 9 integer digits of `from` (spec §5), the minimum at most one unit.
    minFrom: fc.bigInt({ min: 1n, max: 10n ** BigInt(scale(from)) }),
    maxFrom: fc.constant(10n ** BigInt(scale(from) + 9)),
    amount: amountUpTo(scale(from) + 9),
  }),
);

type Drawn = typeof pricingInput extends fc.Arbitrary<infer T> ? T : never;

const inputOf = (d: Drawn, fixed: PricingInput["fixed"]): PricingInput => ({
  from: d.from,
  to: d.to,
  rate: { base: d.from, quote: d.to, mid: { value: d.bid }, bid: { value: d.bid } },
  eurMid: { value: d.eurMid },
  fees: toFeeSchedule(d.fees),
  limits: { minFrom: d.minFrom, maxFrom: d.maxFrom },
  fixed,
});

/** The quote, or undefined when refused for its amount (the only refusals these inputs allow). */
function tryPrice(input: PricingInput): PricedQuote | undefined {
  try {
    return priceQuote(input);
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === "AMOUNT_TOO_SMALL" || error.code === "AMOUNT_TOO_LARGE")
    ) {
      return undefined;
    }
    throw error;
  }
}

/** net × rate as the fraction num / den, in minor units of `to`. */
const exactTo = (p: PricedQuote, net: bigint) => ({
  num: net * p.rate.value * 10n ** BigInt(scale(p.to)),
  den: RATE_ONE * 10n ** BigInt(scale(p.from)),
});

const RUNS = { numRuns: 500 };

describe("pricing properties", () => {
  it("creates and loses nothing: the legs balance per currency and move exactly the quoted amounts", () => {
    fc.assert(
      fc.property(pricingInput, fc.boolean(), (d, fixTo) => {
        const forward = tryPrice(inputOf(d, { side: "from", amount: d.amount }));
        const p = fixTo && forward ? tryPrice(inputOf(d, { side: "to", amount: forward.toAmount })) : forward;
        if (!p) return;
        expect(p.converted + p.fees.total + p.houseRemainder).toBe(p.fromAmount);
        expect(p.houseRemainder >= 0n && p.converted > 0n && p.toAmount > 0n).toBe(true);

        const balances = new Map<string, bigint>();
        const add = (key: string, amount: bigint) => balances.set(key, (balances.get(key) ?? 0n) + amount);
        for (const leg of legsOf(p)) {
          expect(leg.amount > 0n).toBe(true);
          const name = (a: (typeof leg)["debit"]) =>
            "house" in a ? a.house : `customer:${a.customerWallet}`;
          add(`${leg.currency}/${name(leg.debit)}`, -leg.amount);
          add(`${leg.currency}/${name(leg.credit)}`, leg.amount);
          add(`${leg.currency}/sum`, 0n);
        }
        for (const currency of [p.from, p.to]) {
          const sum = [...balances]
            .filter(([k]) => k.startsWith(`${currency}/`))
            .reduce((s, [, v]) => s + v, 0n);
          expect(sum).toBe(0n);
        }
        expect(balances.get(`${p.from}/customer:${p.from}`)).toBe(-p.fromAmount);
        expect(balances.get(`${p.to}/customer:${p.to}`)).toBe(p.toAmount);
        expect(balances.get(`${p.to}/liquidity`)).toBe(-p.toAmount);
      }),
      RUNS,
    );
  });

  it("never delivers more than the exact value, and rounds down by less than one minor unit", () => {
    fc.assert(
      fc.property(pricingInput, (d) => {
        const p = tryPrice(inputOf(d, { side: "from", amount: d.amount }));
        if (!p) return;
        const { num, den } = exactTo(p, p.fromAmount - p.fees.total);
        expect(p.toAmount * den <= num).toBe(true);
        expect((p.toAmount + 1n) * den > num).toBe(true);
        // What the liquidity account takes is worth toAmount, and one minor unit less is not.
        const took = exactTo(p, p.converted);
        const tookLess = exactTo(p, p.converted - 1n);
        expect(took.num >= p.toAmount * took.den).toBe(true);
        expect(tookLess.num < p.toAmount * tookLess.den).toBe(true);
      }),
      RUNS,
    );
  });

  it("never charges less than the fee percents of the amount, rounded up by less than one minor unit", () => {
    fc.assert(
      fc.property(pricingInput, (d) => {
        const p = tryPrice(inputOf(d, { side: "from", amount: d.amount }));
        if (!p || p.fees.promoApplied) return;
        const percents = p.fees.transaction + p.fees.additional;
        const exact = p.fromAmount * (p.fees.transactionBps + p.fees.additionalBps);
        expect(percents * 10_000n >= exact).toBe(true);
        expect((percents - 1n) * 10_000n < exact).toBe(true);
        expect(p.fees.transaction * 10_000n >= p.fromAmount * p.fees.transactionBps).toBe(true);
      }),
      RUNS,
    );
  });

  it("fixing the to-amount yields at least it, for the least from-amount, at the forward price", () => {
    fc.assert(
      fc.property(pricingInput, (d) => {
        const target = d.amount;
        const p = tryPrice(inputOf(d, { side: "to", amount: target }));
        if (!p) return;
        expect(p.toAmount >= target).toBe(true);
        const forward = tryPrice(inputOf(d, { side: "from", amount: p.fromAmount }));
        expect(forward && { ...forward, fixedSide: "to" }).toEqual(p);
        const less = tryPrice(inputOf(d, { side: "from", amount: p.fromAmount - 1n }));
        expect(less === undefined || less.toAmount < target).toBe(true);
      }),
      RUNS,
    );
  });

  it("fixing the to-amount finds the least from-amount even across fee bands (checked by scanning)", () => {
    // Small amounts of EUR, so every from-amount can be tried; dearer and cheaper bands both come up.
    const small = fc.record({
      to: fc.constantFrom(...CODES.filter((c) => c !== "EUR")),
      bid: rateValue,
      fees: feeSettings("EUR", 4).map((f) => ({ ...f, fixFee: "0", feeTableEnabled: true })),
      amount: fc.bigInt({ min: 1n, max: 3000n }),
    });
    fc.assert(
      fc.property(small, (d) => {
        const input = (fixed: PricingInput["fixed"]) =>
          inputOf({ ...d, from: "EUR", eurMid: 1n, minFrom: 1n, maxFrom: 3000n }, fixed);
        const target = tryPrice(input({ side: "from", amount: d.amount }))?.toAmount;
        if (target === undefined) return;
        let least: bigint | undefined;
        for (let f = 1n; f <= 3000n && least === undefined; f++) {
          const q = tryPrice(input({ side: "from", amount: f }));
          if (q && q.toAmount >= target) least = f;
        }
        expect(tryPrice(input({ side: "to", amount: target }))?.fromAmount).toBe(least);
      }),
      { numRuns: 40 },
    );
  });
});

describe("pricing properties at display precision (spec §5: what is shown is what moves)", () => {
  const step = (code: CurrencyCode) => displayStep(code);
  const displayOf = (d: Drawn, fixed: PricingInput["fixed"]): PricingInput => ({
    ...inputOf(d, fixed),
    precision: "display",
  });

  it("pays and charges whole shown steps, rounded up; delivers whole steps, rounded down", () => {
    fc.assert(
      fc.property(pricingInput, fc.boolean(), (d, fixTo) => {
        const p = tryPrice(displayOf(d, { side: fixTo ? "to" : "from", amount: d.amount }));
        if (!p) return;
        for (const paid of [p.fromAmount, p.fees.total, p.fees.transaction, p.fees.additional, p.fees.fix]) {
          expect(paid % step(p.from)).toBe(0n);
        }
        expect(p.toAmount % step(p.to)).toBe(0n);
        expect(p.converted + p.fees.total + p.houseRemainder).toBe(p.fromAmount);
        expect(p.houseRemainder >= 0n && p.converted > 0n).toBe(true);
        if (!fixTo) expect(p.fromAmount >= d.amount && p.fromAmount - d.amount < step(p.from)).toBe(true);
        // Rounded down by less than one shown step of the exact value.
        const { num, den } = exactTo(p, p.fromAmount - p.fees.total);
        expect(p.toAmount * den <= num).toBe(true);
        expect((p.toAmount + step(p.to)) * den > num).toBe(true);
      }),
      RUNS,
    );
  });

  it("fixing the to-amount yields at least it, for the least whole shown from-amount", () => {
    fc.assert(
      fc.property(pricingInput, (d) => {
        const p = tryPrice(displayOf(d, { side: "to", amount: d.amount }));
        if (!p) return;
        expect(p.toAmount >= d.amount).toBe(true);
        const forward = tryPrice(displayOf(d, { side: "from", amount: p.fromAmount }));
        expect(forward && { ...forward, fixedSide: "to" }).toEqual(p);
        const less = tryPrice(displayOf(d, { side: "from", amount: p.fromAmount - step(p.from) }));
        expect(less === undefined || less.toAmount < d.amount).toBe(true);
      }),
      RUNS,
    );
  });
});
