// What other modules may use of quotes besides its service and errors: its types, constants
// and the wire shapes they share (docs/architecture.md "Modules").

export type { FeeSchedule } from "./fees.ts";
/** The fee settings of a pair, as the back-office edits them (merchant configuration). */
export { feeSettingsSchema } from "./fees.ts";
export type { KindOffers, KindRequest, OfferRow } from "./kind-offers.ts";
export type { OfferRequest } from "./offer-input.ts";

export { OFFER_KIND_TABLE } from "./offer-kinds.ts";
export type { PairTerms } from "./offer-terms.ts";
export type { QuoteLegAccount } from "./quote-legs.ts";
export {
  createOfferBody,
  executeOfferHeaders,
  executeOfferResponse,
  offerResponse,
  updateOfferBody,
} from "./quotes.schemas.ts";
