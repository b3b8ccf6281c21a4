// The one door of sandbox: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.

export { createSandboxRepository } from "./sandbox.repository.ts";
export { createSandboxService } from "./sandbox.service.ts";
export { createSandboxCredit } from "./sandbox-credit.service.ts";
