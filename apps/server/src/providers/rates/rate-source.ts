import type { CurrencyCode } from "@kestrel/money";
import { RATE_SCALE, type Rate } from "./rates-provider.ts";

/** One rate as one source published it: 1 `base` is worth `rate` `quote`, as of `at`. */
export type SourceRate = { base: CurrencyCode; quote: CurrencyCode; rate: Rate; at: Date; source: string };

/** A market-data source: one fetch of its published rates, or a SourceError saying why not. */
export interface RateSource {
  /** Names the source in logs ("ECB", "Kraken XBTUSD"). */
  readonly name: string;
  fetchRates(signal: AbortSignal): Promise<SourceRate[]>;
}

/** The source answered something we must not price on (garbage, an error, a 5xx, nothing in time). */
export class SourceError extends Error {}

// Plain decimals only: no sign, exponent, NaN or Infinity can get through to a rate.
const DECIMAL = /^(\d{1,24})(?:\.(\d{1,18}))?$/;

/** A published decimal string as an exact Rate; anything but a positive decimal is a SourceError. */
export function parseRate(text: unknown, what: string): Rate {
  const match = typeof text === "string" ? DECIMAL.exec(text) : null;
  if (!match) throw new SourceError(`${what}: ${JSON.stringify(text)} is not a decimal number`);
  const [, whole = "0", fraction = ""] = match;
  const value = BigInt(whole + fraction.padEnd(RATE_SCALE, "0"));
  if (value <= 0n) throw new SourceError(`${what}: ${text} is not positive`);
  return { value };
}

/** The body of a GET as text; a status other than 2xx is a SourceError. */
export async function getText(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, headers: { accept: "*/*" } });
  if (!response.ok) {
    await response.body?.cancel();
    throw new SourceError(`HTTP ${response.status} from ${new URL(url).host}`);
  }
  return response.text();
}
