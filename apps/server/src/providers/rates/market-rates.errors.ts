import { defineErrors } from "../../http/app-error.ts";

/** A pair the market feed cannot price now: a quote on it is refused, never priced on an old rate. */
export const marketRatesErrors = defineErrors({
  RATE_STALE: {
    status: 503,
    errorId: 25101,
    message: "Prices for this pair are paused for a moment. Please try again later.",
  },
  RATE_UNAVAILABLE: {
    status: 503,
    errorId: 25102,
    message: "Prices for this pair are not available right now. Please try again later.",
  },
});
