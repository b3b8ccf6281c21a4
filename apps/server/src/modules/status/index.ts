// The one door of status: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createProviderHealth } from "./provider-health.service.ts";
export { createStatusService } from "./status.service.ts";
