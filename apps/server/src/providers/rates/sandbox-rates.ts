import { createHash } from "node:crypto";
import { type CurrencyCode, getCurrency } from "@kestrel/money";
import { RATE_ONE, RATE_SCALE, type RatesProvider } from "./rates-provider.ts";

/** Realistic starting prices in USD; the walk moves around them. */
const USD_PRICE: Record<CurrencyCode, number> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  AUD: 0.66,
  KRW: 0.00074,
  JPY: 0.0067,
  BTC: 64000,
  ETH: 3100,
  USDT: 1,
  USDC: 1,
  DAI: 1,
  LTC: 72,
  TRX: 0.12,
  SOL: 145,
  DOGE: 0.15,
};

/** How far each kind of currency wanders: stablecoins and fiat barely, crypto a lot. */
const VOLATILITY: Partial<Record<CurrencyCode, number>> = { USD: 0, USDT: 0.001, USDC: 0.001, DAI: 0.002 };
const FIAT_VOLATILITY = 0.01;
const CRYPTO_VOLATILITY = 0.08;

// Time scales of the walk (ms) and the weight of each: minutes wiggle, days drift.
const OCTAVES = [
  { scaleMs: 60_000, weight: 0.08 },
  { scaleMs: 15 * 60_000, weight: 0.17 },
  { scaleMs: 4 * 3600_000, weight: 0.3 },
  { scaleMs: 3 * 86400_000, weight: 0.45 },
];

/**
 * Sandbox market data: every currency's USD price follows a seeded random walk, built as
 * multi-scale value noise so that any time's price is computed directly. Every server instance
 * (and every restart) therefore sees the same price at the same moment, with no shared state.
 * This is display and quoting data, not money: the resulting rate is rounded once into an exact
 * decimal (RATE_SCALE places) and all money arithmetic on it is bigint.
 */
export function createSandboxRates(options: { seed: string; now?: () => Date }): RatesProvider {
  const now = options.now ?? (() => new Date());
  const noise = (key: string, n: number) => {
    const h = createHash("sha256").update(`${options.seed}:${key}:${n}`).digest();
    return h.readUInt32BE(0) / 0xffffffff - 0.5; // uniform in [-0.5, 0.5]
  };
  const smooth = (key: string, t: number) => {
    let sum = 0;
    for (const [i, o] of OCTAVES.entries()) {
      const x = t / o.scaleMs;
      const n = Math.floor(x);
      const f = x - n;
      const ease = f * f * (3 - 2 * f);
      const a = noise(`${key}:${i}`, n);
      const b = noise(`${key}:${i}`, n + 1);
      sum += o.weight * (a + (b - a) * ease);
    }
    return sum; // roughly in [-0.5, 0.5]
  };
  const usdPrice = (code: CurrencyCode, t: number) => {
    const vol =
      VOLATILITY[code] ?? (getCurrency(code)?.kind === "fiat" ? FIAT_VOLATILITY : CRYPTO_VOLATILITY);
    return USD_PRICE[code] * Math.exp(2 * vol * smooth(code, t));
  };
  return {
    midRate(base, quote, at = now()) {
      const t = at.getTime();
      const ratio = usdPrice(base, t) / usdPrice(quote, t);
      // 15 significant digits are all a double holds; the rest of the scale is exact zeros.
      const [mantissa, exp] = ratio.toExponential(14).split("e") as [string, string];
      const digits = BigInt(mantissa.replace(".", "").replace("-", ""));
      const shift = Number(exp) - 14 + RATE_SCALE;
      const value = shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
      return { base, quote, rate: { value: base === quote ? RATE_ONE : value }, at };
    },
  };
}
