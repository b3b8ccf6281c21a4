// The one door of card-funding: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createCardFundingService } from "./card-funding.service.ts";
