import type { CurrencyCode } from "@kestrel/money";

/** A mid-market rate: 1 unit of `base` is worth `rate` units of `quote` (units, not minor units). */
type MidRate = { base: CurrencyCode; quote: CurrencyCode; rate: Rate; at: Date };

/** An exact rate: `value` / 10^RATE_SCALE. Rates never pass through a JS number on the money path. */
export type Rate = { value: bigint };
export const RATE_SCALE = 18;
export const RATE_ONE = 10n ** BigInt(RATE_SCALE);

/** Where mid-market rates come from (a market data feed in production, a random walk in sandbox). */
export interface RatesProvider {
  /**
   * The rate of one unit of `base` in `quote` at `at` (now by default). A past `at` answers that
   * moment's rate: the rate history (GET /v2/rates/history) is read through here, so a production
   * feed answers it from its market's history (candles), not from samples we keep.
   */
  midRate(base: CurrencyCode, quote: CurrencyCode, at?: Date): MidRate;
}
