// The one door of merchants: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.

export type { CardProgram, MerchantFeatures } from "./feature-flags.ts";
export { CARD_PROGRAMS } from "./feature-flags.ts";
export { merchantErrors } from "./merchants.errors.ts";
export type { MerchantConfigPatch } from "./merchants.repository.ts";
export { createMerchantsRepository } from "./merchants.repository.ts";
export { localeQuery } from "./merchants.schemas.ts";
export { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "./merchants.seed.ts";
export type { Merchant, MerchantsService } from "./merchants.service.ts";
export { createMerchantsService } from "./merchants.service.ts";
export { supportChatOrigin } from "./support-contact.ts";
