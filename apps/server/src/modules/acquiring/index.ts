// The one door of acquiring: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.

export type { AcquiringService } from "./acquiring.service.ts";
export { createAcquiringService } from "./acquiring.service.ts";
