import { type CurrencyCode, isCurrencyCode, parseAmount } from "@kestrel/money";
import { z } from "zod";
import { RATE_ONE, type Rate } from "../../providers/rates/rates-provider.ts";
import { divCeil, pow10 } from "./integer-math.ts";
import { BPS_PER_WHOLE, formatBps, parsePercentBps } from "./percent.ts";

/** The currency the fixed fee is set in (spec §3: "fixFee (EUR)"). */
export const FIX_FEE_CURRENCY = "EUR" satisfies CurrencyCode;
const EUR_SCALE = 2;

const percent = z.string().superRefine((value, ctx) => {
  const parsed = parsePercentBps(value);
  if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
});
const decimal = z.string().regex(/^\d{1,27}(\.\d{1,18})?$/, "must be a decimal string like 12.50");

const feeBand = z.object({
  percent,
  amountFrom: decimal.describe("Lowest from-amount of the band, included"),
  amountTo: decimal.nullable().describe("First from-amount past the band, excluded; null: no end"),
  currency: z.string().refine(isCurrencyCode, "must be a currency code"),
});

/**
 * A merchant's fees for one pair, as spec §3 names them, in their stored (JSON) form. Percents
 * are decimal strings of a percent ("0.5" = 0.5 %); the fixed fee is a decimal string of EUR.
 */
export const feeSettingsSchema = z
  .object({
    transactionFee: percent,
    additionalFee: percent,
    fixFee: decimal.describe("EUR, converted to the from currency at the mid rate, rounded up"),
    feeTable: z.array(feeBand).max(50),
    feeTableEnabled: z.boolean(),
    freeTransactionsPromo: z.object({ available: z.number().int().min(0) }),
  })
  .superRefine((settings, ctx) => {
    // An amount finer than its currency's minor unit would be silently read as zero.
    const finerThanCurrency = (value: string, currency: string, path: (string | number)[]) => {
      if (!isCurrencyCode(currency)) return;
      const parsed = parseAmount(value, currency, { maxIntegerDigits: 27 });
      if (!parsed.ok && parsed.reason === "too_many_decimals") {
        ctx.addIssue({ code: "custom", path, message: `at most the decimals of ${currency}` });
      }
    };
    finerThanCurrency(settings.fixFee, FIX_FEE_CURRENCY, ["fixFee"]);
    settings.feeTable.forEach((band, index) => {
      finerThanCurrency(band.amountFrom, band.currency, ["feeTable", index, "amountFrom"]);
      if (band.amountTo !== null)
        finerThanCurrency(band.amountTo, band.currency, ["feeTable", index, "amountTo"]);
    });
    const schedule = scheduleOf(settings);
    // Above 100 % together, a larger amount would deliver less: no price could be trusted.
    const highestTransaction = schedule.feeTable.reduce(
      (max, b) => (b.bps > max ? b.bps : max),
      schedule.transactionBps,
    );
    if (highestTransaction + schedule.additionalBps >= BPS_PER_WHOLE) {
      ctx.addIssue({
        code: "custom",
        path: ["additionalFee"],
        message: "fees together must stay below 100%",
      });
    }
    schedule.feeTable.forEach((band, index) => {
      if (band.to !== null && band.to <= band.from) {
        ctx.addIssue({
          code: "custom",
          path: ["feeTable", index, "amountTo"],
          message: "must be above amountFrom",
        });
      }
      const overlaps = schedule.feeTable.some((other, j) => j !== index && bandsOverlap(band, other));
      if (overlaps)
        ctx.addIssue({ code: "custom", path: ["feeTable", index], message: "bands must not overlap" });
    });
  });

export type FeeSettings = z.infer<typeof feeSettingsSchema>;

/** A band of the fee table in exact integers: from ≤ amount < to, in minor units of `currency`. */
type FeeBand = { bps: bigint; from: bigint; to: bigint | null; currency: CurrencyCode };

/** FeeSettings in exact integers, what the pricing reads. */
export type FeeSchedule = {
  transactionBps: bigint;
  additionalBps: bigint;
  /** Minor units of EUR. */
  fixFeeEur: bigint;
  feeTable: FeeBand[];
  feeTableEnabled: boolean;
  /** Free transactions left: while above zero, every fee is zero (the caller counts it down). */
  freeTransactionsAvailable: number;
};

/** Validates settings (throws a ZodError naming the field) and turns them into exact integers. */
export function toFeeSchedule(settings: FeeSettings): FeeSchedule {
  return scheduleOf(feeSettingsSchema.parse(settings));
}

function scheduleOf(settings: FeeSettings): FeeSchedule {
  const bps = (value: string) => {
    const parsed = parsePercentBps(value);
    return parsed.ok ? parsed.bps : 0n; // only reached unparsed inside the schema's own refinement
  };
  const minor = (value: string, currency: string) => {
    if (!isCurrencyCode(currency)) return 0n; // refused by the schema's field check
    const parsed = parseAmount(value, currency, { maxIntegerDigits: 27 });
    return parsed.ok ? parsed.minor : 0n;
  };
  return {
    transactionBps: bps(settings.transactionFee),
    additionalBps: bps(settings.additionalFee),
    fixFeeEur: minor(settings.fixFee, FIX_FEE_CURRENCY),
    feeTable: settings.feeTable.map((band) => ({
      bps: bps(band.percent),
      from: minor(band.amountFrom, band.currency),
      to: band.amountTo === null ? null : minor(band.amountTo, band.currency),
      currency: band.currency,
    })),
    feeTableEnabled: settings.feeTableEnabled,
    freeTransactionsAvailable: settings.freeTransactionsPromo.available,
  };
}

function bandsOverlap(a: FeeBand, b: FeeBand): boolean {
  if (a.currency !== b.currency) return false;
  const aEndsBeforeB = a.to !== null && a.to <= b.from;
  const bEndsBeforeA = b.to !== null && b.to <= a.from;
  return !aEndsBeforeB && !bEndsBeforeA;
}

/**
 * The transaction fee's percent for a from-amount: the band holding it when the table is on,
 * else (table off, or no band holds it) the flat transactionFee.
 */
export function transactionBpsAt(schedule: FeeSchedule, fromAmount: bigint): bigint {
  if (!schedule.feeTableEnabled) return schedule.transactionBps;
  const band = schedule.feeTable.find((b) => fromAmount >= b.from && (b.to === null || fromAmount < b.to));
  return band?.bps ?? schedule.transactionBps;
}

/** Every from-amount at which the transaction percent may change: band starts and ends. */
export function bandBreakpoints(schedule: FeeSchedule): bigint[] {
  if (!schedule.feeTableEnabled) return [];
  return schedule.feeTable.flatMap((b) => (b.to === null ? [b.from] : [b.from, b.to]));
}

/** Fails loudly when a band is set in another currency than the pair's from currency. */
export function assertTableCurrency(schedule: FeeSchedule, from: CurrencyCode): void {
  if (!schedule.feeTableEnabled) return;
  const foreign = schedule.feeTable.find((b) => b.currency !== from);
  if (foreign) throw new TypeError(`fee table band in ${foreign.currency} for a pair from ${from}`);
}

/**
 * The fixed fee in minor units of `from`: EUR at the mid rate (units of `from` per EUR), rounded
 * up, so the house never collects less than the fee it set.
 */
export function fixFeeIn(from: CurrencyCode, fixFeeEur: bigint, fromScale: number, eurMid?: Rate): bigint {
  if (fixFeeEur === 0n || from === FIX_FEE_CURRENCY) return fixFeeEur;
  if (eurMid === undefined || eurMid.value <= 0n) {
    throw new TypeError(`a fixed fee needs the EUR→${from} mid rate`);
  }
  return divCeil(fixFeeEur * eurMid.value * pow10(fromScale), RATE_ONE * pow10(EUR_SCALE));
}

/** The fees on a from-amount, each kind in minor units of the from currency. */
export type FeeAmounts = {
  transaction: bigint;
  additional: bigint;
  fix: bigint;
  total: bigint;
  transactionBps: bigint;
  additionalBps: bigint;
  /** A free transaction was used: the caller counts freeTransactionsPromo.available down. */
  promoApplied: boolean;
};

/**
 * Fees on the gross from-amount (never compounded): the two percents are added and applied once,
 * rounded UP to the minor unit, then the fixed fee. Rounding the sum once, not each kind apart,
 * keeps the price monotonic: a larger amount never delivers less (two separate roundings could
 * both step up at the same amount and take 2 minor units for 1 more paid). The transaction fee
 * is its own percent rounded up; the additional fee is the rest of the rounded sum. Rounding up
 * is the customer-never-pays-less half of the rounding rule (docs/quotes.md). Each rounds up to
 * a whole `step` of minor units (1, or one shown decimal at display precision); the fixed fee
 * arrives already rounded.
 */
export function feesOn(schedule: FeeSchedule, fromAmount: bigint, fixFee: bigint, step = 1n): FeeAmounts {
  if (schedule.freeTransactionsAvailable > 0) {
    const none = { transaction: 0n, additional: 0n, fix: 0n, total: 0n };
    return { ...none, transactionBps: 0n, additionalBps: 0n, promoApplied: true };
  }
  const transactionBps = transactionBpsAt(schedule, fromAmount);
  const additionalBps = schedule.additionalBps;
  // At display precision `step` is one shown decimal of the from currency (docs/quotes.md).
  const percentFees = divCeil(fromAmount * (transactionBps + additionalBps), BPS_PER_WHOLE * step) * step;
  const transaction = divCeil(fromAmount * transactionBps, BPS_PER_WHOLE * step) * step;
  return {
    transaction,
    additional: percentFees - transaction,
    fix: fixFee,
    total: percentFees + fixFee,
    transactionBps,
    additionalBps,
    promoApplied: false,
  };
}

export type FeeInfoItem = { type: "TransactionFee" | "AdditionalFee"; value: string };

/** Spec §3 "fee info": the two percent fees, each a percent with 2 places ("0.50"). */
export function feeInfo(fees: Pick<FeeAmounts, "transactionBps" | "additionalBps">): FeeInfoItem[] {
  return [
    { type: "TransactionFee", value: formatBps(fees.transactionBps) },
    { type: "AdditionalFee", value: formatBps(fees.additionalBps) },
  ];
}
