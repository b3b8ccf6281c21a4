// The one door of merchant-config: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { MAX_LOGO_BYTES } from "./logo-rules.ts";
export { createMerchantConfigRepository } from "./merchant-config.repository.ts";
export type { ConfigVersion } from "./merchant-config.service.ts";
export { createMerchantConfigService } from "./merchant-config.service.ts";
export type { SectionState } from "./merchant-config.types.ts";
export {
  brandingSection,
  cardProgramsSection,
  feesSection,
  limitsSection,
  linksSection,
  operationsSection,
  textsSection,
} from "./merchant-config.types.ts";
export { createConfigListener } from "./merchant-config-listener.ts";
