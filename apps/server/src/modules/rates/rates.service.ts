import { type CurrencyCode, getCurrency, isCurrencyCode } from "@kestrel/money";
import { RATE_ONE, RATE_SCALE, type Rate, type RatesProvider } from "../../providers/rates/rates-provider.ts";
import { ratesErrors } from "./rates.errors.ts";

export type QuotedRate = {
  base: CurrencyCode;
  quote: CurrencyCode;
  mid: Rate;
  /** What the merchant pays for `base` (mid less the spread) and asks for it (mid plus the spread). */
  bid: Rate;
  ask: Rate;
  at: Date;
};

const BPS = 10_000n;

/** How many intervals a rate history is cut into: enough for a sparkline, few enough to be cheap. */
export const HISTORY_STEPS = 48;

export type RatePoint = { at: Date; rate: Rate };

/** Rates with the merchant's spread, and exact conversion of amounts between currencies. */
export function createRatesService(deps: { provider: RatesProvider }) {
  const offeredCode = (offered: readonly string[], code: string, field: "from" | "to"): CurrencyCode => {
    if (!offered.includes(code) || !isCurrencyCode(code)) {
      throw ratesErrors.create("CURRENCY_NOT_OFFERED", { field, message: `${code} is not offered` });
    }
    return code;
  };
  return {
    /**
     * The mid rate of `from` in `to` at HISTORY_STEPS + 1 moments evenly spread over the `hours`
     * before `now`, oldest first, the last one `now`: the provider answers past moments itself
     * (RatesProvider.midRate), so nothing is sampled or stored here. Both currencies must be
     * among the merchant's `offered`.
     */
    history(input: { offered: readonly string[]; from: string; to: string; hours: number; now: Date }) {
      const base = offeredCode(input.offered, input.from, "from");
      const quote = offeredCode(input.offered, input.to, "to");
      if (base === quote) throw ratesErrors.create("SAME_CURRENCY", { field: "to" });
      const stepMs = (input.hours * 3_600_000) / HISTORY_STEPS;
      return Array.from({ length: HISTORY_STEPS + 1 }, (_, i): RatePoint => {
        const at = new Date(input.now.getTime() - (HISTORY_STEPS - i) * stepMs);
        return { at, rate: deps.provider.midRate(base, quote, at).rate };
      });
    },

    quote(base: CurrencyCode, quote: CurrencyCode, spreadBps: number, at?: Date): QuotedRate {
      const mid = deps.provider.midRate(base, quote, at);
      const spread = BigInt(spreadBps);
      return {
        base,
        quote,
        mid: mid.rate,
        bid: { value: (mid.rate.value * (BPS - spread)) / BPS },
        ask: { value: (mid.rate.value * (BPS + spread)) / BPS },
        at: mid.at,
      };
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;

/**
 * `amount` minor units of `from` in minor units of `to` at `rate` (units of `to` per unit of
 * `from`), truncated toward zero: a shown equivalent never exceeds what the money is worth.
 */
export function convertMinor(amount: bigint, from: CurrencyCode, to: CurrencyCode, rate: Rate): bigint {
  const fromScale = BigInt(scaleOf(from));
  const toScale = BigInt(scaleOf(to));
  const numerator = amount * rate.value * 10n ** toScale;
  const denominator = RATE_ONE * 10n ** fromScale;
  return numerator / denominator;
}

/** A rate as a decimal string with up to `places` decimals (trailing zeros dropped). */
export function rateToString(rate: Rate, places = 10): string {
  const cut = rate.value / 10n ** BigInt(RATE_SCALE - places);
  const whole = cut / 10n ** BigInt(places);
  const frac = (cut % 10n ** BigInt(places)).toString().padStart(places, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : `${whole}`;
}

function scaleOf(code: CurrencyCode): number {
  const c = getCurrency(code);
  if (!c) throw new TypeError(`unknown currency ${code}`);
  return c.scale;
}
