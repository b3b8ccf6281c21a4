// What other modules may use of merchants besides its service and errors: its types, constants
// and the wire shapes they share (docs/architecture.md "Modules").

export type { CardProgram, MerchantFeatures } from "./feature-flags.ts";
export { CARD_PROGRAMS } from "./feature-flags.ts";
export { localeQuery } from "./merchants.schemas.ts";
