// The one door of operators: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createAuditRepository } from "./audit.repository.ts";
export type { AuditActor, AuditService } from "./audit.service.ts";
export { createAuditService } from "./audit.service.ts";
export { operatorSecurity, registerOperatorGuard, signedInOperator } from "./operator-guard.ts";
export { createOperatorsRepository } from "./operators.repository.ts";
export { adminErrors } from "./operators.schemas.ts";
export { operatorsServiceOn, SANDBOX_ADMIN, seedSandboxAdmin } from "./operators.seed.ts";
export type { OperatorsService } from "./operators.service.ts";
export { createOperatorsService } from "./operators.service.ts";
export { totpCode } from "./totp.ts";
