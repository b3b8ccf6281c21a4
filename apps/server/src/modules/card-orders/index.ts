// The one door of card-orders: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { cardOrderErrors } from "./card-orders.errors.ts";
export type { CardOrdersService } from "./card-orders.service.ts";
export { createCardOrdersService } from "./card-orders.service.ts";
export type { CardTerms, Owner } from "./card-orders.types.ts";
export {
  CARD_COMPANY,
  CARD_DESIGN_IDS,
  cardFees,
  cardMoney,
  cardOk,
  cpQuery,
  offeredDesigns,
} from "./card-orders.types.ts";
