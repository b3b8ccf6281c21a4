// The one door of security: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.

export { createSecurityService } from "./security.service.ts";
export { recordSecurityEvent } from "./security-events.service.ts";
