import { ApiError } from "@kestrel/api-client";

/**
 * The server refused to execute an offer as shown: it lapsed, is gone, or was re-priced since the
 * screen showed it. No money moved; the screen shows a fresh price and the customer confirms again.
 */
const OFFER_GONE = new Set(["OFFER_EXPIRED", "OFFER_NOT_FOUND", "OFFER_CHANGED"]);

export const isOfferGone = (error: unknown): error is ApiError =>
  error instanceof ApiError && OFFER_GONE.has(error.code);
