import { type CurrencyCode, getCurrency } from "@kestrel/money";
import { RATE_ONE, RATE_SCALE, type Rate, type RatesProvider } from "../../providers/rates/rates-provider.ts";

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

/** Rates with the merchant's spread, and exact conversion of amounts between currencies. */
export function createRatesService(deps: { provider: RatesProvider }) {
  return {
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
