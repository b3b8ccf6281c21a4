// The one door of cards: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createCardSecurityService } from "./card-security.service.ts";
export type { CardsService } from "./cards.service.ts";
export { createCardsService } from "./cards.service.ts";
export type { CardRow } from "./cards.types.ts";
