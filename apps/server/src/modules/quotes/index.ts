// The one door of quotes: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { cardOrderLegs, cardOrderRefundLegs } from "./card-order-offers.ts";
export type { FeeSchedule } from "./fees.ts";
export { feeInfo, feeSettingsSchema } from "./fees.ts";
export type { KindOffers, KindRequest } from "./kind-offers.ts";
export type { OfferRequest } from "./offer-input.ts";
export { OFFER_KIND_TABLE } from "./offer-kinds.ts";
export type { PairTerms } from "./offer-terms.ts";
export { formatBps } from "./percent.ts";
export type { QuoteLegAccount } from "./quote-legs.ts";
export { quotesErrors } from "./quotes.errors.ts";
export type { OfferRow } from "./quotes.repository.ts";
export {
  createOfferBody,
  executeOfferHeaders,
  executeOfferResponse,
  offerResponse,
  updateOfferBody,
} from "./quotes.schemas.ts";
export type { QuotesService } from "./quotes.service.ts";
export { createQuotesService } from "./quotes.service.ts";
