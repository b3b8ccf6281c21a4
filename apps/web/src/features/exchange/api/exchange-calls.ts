import { unwrap } from "../../../lib/session/api-result.ts";
import type { WebSession } from "../../../lib/session/web-session.ts";
import type {
  ExchangeExecution,
  ExchangeOffer,
  ExchangePairs,
  OfferRequest,
  OfferUpdateRequest,
} from "./exchange-types.ts";

type Api = WebSession["api"];
type Answer<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

/**
 * The session's API client (bearer token, one shared refresh on 401, merchant id, required
 * parameters), typed by hand for the exchange paths, which the generated contract does not list
 * until the server's routes are in it. The client sends the bearer token on the calls the
 * contract marks as signed-in, so these calls carry it from the contract's next generation on.
 */
interface ExchangeClient {
  GET<T>(path: string, init: { params: { query: Record<string, string[] | undefined> } }): Answer<T>;
  POST<T>(path: string, init: { body: unknown }): Answer<T>;
  PUT<T>(
    path: string,
    init: { body?: unknown; params?: { path: Record<string, string> }; headers?: Record<string, string> },
  ): Answer<T>;
}
const exchangeClient = (api: Api) => api as unknown as ExchangeClient;

export const EXCHANGE_PATHS = {
  currencies: "/v2/exchange/currencies",
  offer: "/v1/mobile/exchange/offer",
  execute: "/v1/mobile/exchange/offer/{offerId}",
} as const;

/** GET /v2/exchange/currencies: the pairs, with rate, bounds and scales; all pairs without a filter. */
export function fetchExchangePairs(api: Api, coinPairs?: string[]): Promise<ExchangePairs> {
  return unwrap(
    exchangeClient(api).GET<ExchangePairs>(EXCHANGE_PATHS.currencies, { params: { query: { coinPairs } } }),
  );
}

/** POST /v1/mobile/exchange/offer: a new offer, valid for its validSeconds. */
export function createOffer(api: Api, body: OfferRequest): Promise<ExchangeOffer> {
  return unwrap(exchangeClient(api).POST<ExchangeOffer>(EXCHANGE_PATHS.offer, { body }));
}

/** PUT /v1/mobile/exchange/offer: re-prices an offer (new amounts or a renewal), new validity. */
export function updateOffer(api: Api, body: OfferUpdateRequest): Promise<ExchangeOffer> {
  return unwrap(exchangeClient(api).PUT<ExchangeOffer>(EXCHANGE_PATHS.offer, { body }));
}

/**
 * PUT /v1/mobile/exchange/offer/{offerId}: executes the offer at its quoted amounts. The offer id
 * is the idempotency key: one offer executes once, so a retry after a lost answer gets the
 * stored receipt instead of a second exchange.
 */
export function executeOffer(api: Api, offerId: string): Promise<ExchangeExecution> {
  return unwrap(
    exchangeClient(api).PUT<ExchangeExecution>(EXCHANGE_PATHS.execute, {
      params: { path: { offerId } },
      headers: { "idempotency-key": offerId },
    }),
  );
}
