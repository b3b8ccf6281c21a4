// The one rounding rule of every conversion (docs/quotes.md):
//   the customer never receives more than quoted and never pays less than quoted; every
//   remainder goes to the house.
// Concretely, for a from-amount F debited from the customer:
//   1. fees on the gross F: each percent of F rounded UP, plus the fixed fee (EUR at mid, UP);
//   2. net = F - fees is converted at the applied rate (the merchant's bid, spread included),
//      rounded DOWN to a whole minor unit of `to`: that is toAmount;
//   3. the liquidity account takes `converted`, the least whole from-amount worth toAmount at
//      that rate (rounded UP); the whole minor units of `from` left over (net - converted) are
//      the house remainder, booked as income. Fractions below a minor unit exist in neither
//      currency and are not booked anywhere.
// Fixing the to-amount T picks the least F whose forward price delivers at least T, and the quote
// is that forward price: both sides run through the same forward function, so both satisfy it.
// At display precision (what offers use), every amount a person reads is a whole step of the
// shown decimals (spec §5): the from-amount and fees rounded up, the to-amount down, so what is
// shown is exactly what moves (docs/quotes.md "Display precision").

import { type CurrencyCode, displayStep, getCurrency, toDecimalString } from "@kestrel/money";
import { RATE_ONE, type Rate } from "../../providers/rates/rates-provider.ts";
import type { QuotedRate } from "../rates/index.ts";
import {
  assertTableCurrency,
  bandBreakpoints,
  type FeeAmounts,
  type FeeSchedule,
  feesOn,
  fixFeeIn,
} from "./fees.ts";
import { divCeil, divFloor, pow10 } from "./integer-math.ts";
import { quotesErrors } from "./quotes.errors.ts";

/** The pair's bounds on the from-amount, minor units of `from`, both included. */
type PairLimits = { minFrom: bigint; maxFrom: bigint };

/** The side the customer typed; the other side is computed. */
export type FixedAmount = { side: "from" | "to"; amount: bigint };

export type PricingInput = {
  from: CurrencyCode;
  to: CurrencyCode;
  /** rates.quote(from, to, spreadBps): the customer sells `from`, so the merchant's bid applies. */
  rate: Pick<QuotedRate, "base" | "quote" | "mid" | "bid">;
  /** Mid rate of 1 EUR in `from`: needed only for a fixed fee when `from` is not EUR. */
  eurMid?: Rate;
  fees: FeeSchedule;
  limits: PairLimits;
  fixed: FixedAmount;
  /** Request field names for refusals; the exchange's by default. */
  fields?: { from: string; to: string };
  /**
   * "display": the from-amount and fees are whole steps of the from currency's shown decimals
   * (rounded up), the to-amount a whole step of the to currency's (rounded down). "minor" (the
   * default): whole minor units, the rule's bare form the property tests hold it to.
   */
  precision?: "display" | "minor";
};

export type PricedQuote = {
  from: CurrencyCode;
  to: CurrencyCode;
  fixedSide: "from" | "to";
  /** Debited from the customer's `from` wallet: converted + fees.total + houseRemainder. */
  fromAmount: bigint;
  /** Credited to the customer's `to` wallet. */
  toAmount: bigint;
  /** Units of `to` per unit of `from` applied (the bid, spread included). */
  rate: Rate;
  midRate: Rate;
  fees: FeeAmounts;
  /** Minor units of `from` the liquidity account takes for toAmount. */
  converted: bigint;
  /** Minor units of `from` paid that buy no whole minor unit of `to`: the house keeps them. */
  houseRemainder: bigint;
};

type Forward = {
  fees: FeeAmounts;
  /** F - fees; zero or negative when the fees eat the amount. */
  net: bigint;
  toAmount: bigint;
};

export function priceQuote(input: PricingInput): PricedQuote {
  const { from, to, limits, fixed } = input;
  const fields = input.fields ?? { from: "amountFrom", to: "amountTo" };
  if (from === to) throw quotesErrors.create("PAIR_NOT_AVAILABLE", { field: fields.to });
  if (input.rate.base !== from || input.rate.quote !== to) {
    throw new TypeError(`rate ${input.rate.base}/${input.rate.quote} given for ${from}/${to}`);
  }
  if (input.rate.bid.value <= 0n) throw quotesErrors.create("PAIR_NOT_AVAILABLE", { field: fields.to });
  if (limits.minFrom <= 0n || limits.maxFrom < limits.minFrom) {
    throw new RangeError(`pair limits must satisfy 0 < min <= max, got ${limits.minFrom}..${limits.maxFrom}`);
  }
  assertTableCurrency(input.fees, from);

  const fromScale = scaleOf(from);
  const toScale = scaleOf(to);
  const rate = input.rate.bid;
  const display = input.precision === "display";
  // A step is 1 minor unit, or at display precision the minor units of one shown decimal.
  const fromStep = display ? displayStep(from) : 1n;
  const toStep = display ? displayStep(to) : 1n;
  const fixFee = upToStep(fixFeeIn(from, input.fees.fixFeeEur, fromScale, input.eurMid), fromStep);
  // toAmount = net * rate * 10^toScale / (RATE_ONE * 10^fromScale), as one fraction.
  const toPerNet = rate.value * pow10(toScale);
  const perFrom = RATE_ONE * pow10(fromScale);
  const forward = (fromAmount: bigint): Forward => {
    const fees = feesOn(input.fees, fromAmount, fixFee, fromStep);
    const net = fromAmount - fees.total;
    const exactTo = net > 0n ? divFloor(net * toPerNet, perFrom) : 0n;
    return { fees, net, toAmount: exactTo - (exactTo % toStep) };
  };

  const bounds = {
    minAmountFrom: toDecimalString(limits.minFrom, from),
    maxAmountFrom: toDecimalString(limits.maxFrom, from),
    currency: from,
  };
  const field = fixed.side === "from" ? fields.from : fields.to;
  const refuse = (code: "AMOUNT_TOO_SMALL" | "AMOUNT_TOO_LARGE", message?: string) =>
    quotesErrors.create(code, { field, data: bounds, ...(message ? { message } : {}) });
  if (fixed.amount <= 0n) throw refuse("AMOUNT_TOO_SMALL", "The amount must be more than zero.");

  let fromAmount: bigint;
  if (fixed.side === "from") {
    // What the customer pays, rounded up: a typed 10.123 USDT is priced as 10.13.
    fromAmount = upToStep(fixed.amount, fromStep);
  } else {
    const breakpoints = bandBreakpoints(input.fees);
    const least = leastFromFor(fixed.amount, limits.maxFrom, breakpoints, forward, fromStep);
    if (least === undefined) throw refuse("AMOUNT_TOO_LARGE");
    fromAmount = least;
  }
  if (fromAmount < limits.minFrom) throw refuse("AMOUNT_TOO_SMALL");
  if (fromAmount > limits.maxFrom) throw refuse("AMOUNT_TOO_LARGE");

  const { fees, net, toAmount } = forward(fromAmount);
  if (net <= 0n) throw refuse("AMOUNT_TOO_SMALL", "The amount does not cover the fees.");
  if (toAmount === 0n) throw refuse("AMOUNT_TOO_SMALL", "The amount is too small to exchange.");
  // The least whole from-amount worth toAmount; never above net, as toAmount was rounded down.
  const converted = divCeil(toAmount * perFrom, toPerNet);
  return {
    from,
    to,
    fixedSide: fixed.side,
    fromAmount,
    toAmount,
    rate,
    midRate: input.rate.mid,
    fees,
    converted,
    houseRemainder: net - converted,
  };
}

/**
 * The least from-amount in [step, max], a whole number of steps, whose forward price delivers at
 * least `target`. The fee table makes the forward price stepwise: between two band edges the
 * percent is fixed, and with fees below 100 % together, more from never delivers less (fees
 * rounded up to a step grow by at most a step when the amount does), so a binary search holds
 * inside each stretch. Stretches are tried in order; the first that can reach the target holds
 * the least amount. The search counts steps: k steps is the from-amount k × step.
 */
function leastFromFor(
  target: bigint,
  max: bigint,
  breakpoints: bigint[],
  forward: (fromAmount: bigint) => Forward,
  step: bigint,
): bigint | undefined {
  const maxSteps = max / step;
  // A band starting at b holds k steps from the first k with k × step ≥ b.
  const bandStarts = breakpoints.map((b) => (b + step - 1n) / step);
  const starts = [...new Set([1n, ...bandStarts.filter((k) => k > 1n && k <= maxSteps)])].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const delivers = (k: bigint) => forward(k * step).toAmount >= target;
  for (const [i, start] of starts.entries()) {
    const next = starts[i + 1];
    let low = start;
    let high = next === undefined ? maxSteps : next - 1n;
    if (high < low || !delivers(high)) continue;
    while (low < high) {
      const middle = (low + high) / 2n;
      if (delivers(middle)) high = middle;
      else low = middle + 1n;
    }
    return low * step;
  }
  return undefined;
}

/** `amount` rounded up to a whole number of steps (the paying side of the rounding rule). */
function upToStep(amount: bigint, step: bigint): bigint {
  const rest = amount % step;
  return rest === 0n ? amount : amount - rest + step;
}

function scaleOf(code: CurrencyCode): number {
  const currency = getCurrency(code);
  if (currency === undefined) throw new TypeError(`unknown currency ${code}`);
  return currency.scale;
}
