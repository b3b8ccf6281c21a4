import type { CurrencyCode } from "@kestrel/money";
import { getText, parseRate, type RateSource, SourceError } from "./rate-source.ts";

const KRAKEN_BASE_URL = "https://api.kraken.com";

/** A Kraken pair as requested (`XBTUSD`) and the currencies it prices. */
export type KrakenPair = { pair: string; base: CurrencyCode; quote: CurrencyCode };

/** Kestrel's crypto against USD, in Kraken's request names (XBT is bitcoin, XDG dogecoin). */
const KRAKEN_PAIRS: readonly KrakenPair[] = [
  { pair: "XBTUSD", base: "BTC", quote: "USD" },
  { pair: "ETHUSD", base: "ETH", quote: "USD" },
  { pair: "USDTUSD", base: "USDT", quote: "USD" },
  { pair: "USDCUSD", base: "USDC", quote: "USD" },
  { pair: "DAIUSD", base: "DAI", quote: "USD" },
  { pair: "LTCUSD", base: "LTC", quote: "USD" },
  { pair: "TRXUSD", base: "TRX", quote: "USD" },
  { pair: "SOLUSD", base: "SOL", quote: "USD" },
  { pair: "XDGUSD", base: "DOGE", quote: "USD" },
];

/**
 * Kraken's public Ticker, one source per pair so that one pair's error leaves the others priced.
 * The rate is the last trade (`c[0]`); the answer carries no time, so its time is when it arrived.
 */
export function createKrakenSources(
  options: {
    baseUrl?: string;
    pairs?: readonly KrakenPair[];
    now?: () => Date;
    /** The source a rate names: "Kraken", or another label for a second Kraken-format feed. */
    source?: string;
  } = {},
): RateSource[] {
  const source = options.source ?? "Kraken";
  const base = (options.baseUrl ?? KRAKEN_BASE_URL).replace(/\/$/, "");
  const now = options.now ?? (() => new Date());
  return (options.pairs ?? KRAKEN_PAIRS).map((p) => ({
    name: `${source} ${p.pair}`,
    async fetchRates(signal) {
      const text = await getText(`${base}/0/public/Ticker?pair=${encodeURIComponent(p.pair)}`, signal);
      const name = `${source} ${p.pair}`;
      const price = lastTradeOf(text, name);
      return [{ base: p.base, quote: p.quote, rate: parseRate(price, name), at: now(), source }];
    },
  }));
}

/** `c[0]` of the answer's single entry: its key is Kraken's canonical name (XXBTZUSD), not the request's. */
function lastTradeOf(text: string, name: string): unknown {
  let body: { error?: unknown; result?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    throw new SourceError(`${name}: not JSON`);
  }
  if (!Array.isArray(body?.error)) throw new SourceError(`${name}: no error array`);
  // Kraken reports refusals in `error` with HTTP 200.
  if (body.error.length > 0) throw new SourceError(`${name}: ${body.error.join(", ")}`);
  const entries = body.result && typeof body.result === "object" ? Object.values(body.result) : [];
  if (entries.length !== 1) throw new SourceError(`${name}: ${entries.length} results, expected 1`);
  const last = (entries[0] as { c?: unknown }).c;
  return Array.isArray(last) ? last[0] : undefined;
}
