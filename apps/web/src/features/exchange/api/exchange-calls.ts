import { unwrap } from "@kestrel/api-client";
import type { components, operations } from "@kestrel/api-contract";
import type { WebSession } from "../../../lib/session/web-session.ts";

type Api = WebSession["api"];

export type ExchangePair = components["schemas"]["ExchangePair"];
export type ExchangeOffer = components["schemas"]["ExchangeOffer"];
export type ExchangeExecution = components["schemas"]["ExchangeExecution"];
/** POST /v1/mobile/exchange/offer: exactly one of amountFrom and amountTo (the typed side). */
export type OfferRequest = operations["createExchangeOffer"]["requestBody"]["content"]["application/json"];
/** PUT /v1/mobile/exchange/offer: the same, for an offer that exists. */
export type OfferUpdateRequest =
  operations["updateExchangeOffer"]["requestBody"]["content"]["application/json"];

/** GET /v2/exchange/currencies: the pairs, with rate, bounds and scales; all pairs without a filter. */
export function fetchExchangePairs(api: Api, coinPairs?: string[]) {
  return unwrap(api.GET("/v2/exchange/currencies", { params: { query: coinPairs ? { coinPairs } : {} } }));
}

/** POST /v1/mobile/exchange/offer: a new offer, valid for its validSeconds. */
export function createOffer(api: Api, body: OfferRequest): Promise<ExchangeOffer> {
  return unwrap(api.POST("/v1/mobile/exchange/offer", { body }));
}

/** PUT /v1/mobile/exchange/offer: re-prices an offer (new amounts or a renewal), new validity. */
export function updateOffer(api: Api, body: OfferUpdateRequest): Promise<ExchangeOffer> {
  return unwrap(api.PUT("/v1/mobile/exchange/offer", { body }));
}

/**
 * PUT /v1/mobile/exchange/offer/{offerId}: executes the offer at its quoted amounts. The offer id
 * is the idempotency key: one offer executes once, so a retry after a lost answer gets the
 * stored receipt instead of a second exchange.
 */
export function executeOffer(api: Api, offerId: string): Promise<ExchangeExecution> {
  return unwrap(
    api.PUT("/v1/mobile/exchange/offer/{offerId}", {
      params: { path: { offerId }, header: { "idempotency-key": offerId } },
    }),
  );
}
