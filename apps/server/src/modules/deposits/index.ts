// The one door of deposits: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { DEPOSIT_SETTLE_TASK } from "./deposit-open.service.ts";
export { createDepositSettlement } from "./deposit-settle.service.ts";
export { createDepositsRepository } from "./deposits.repository.ts";
export { depositParams, depositResponse, moveClockBody } from "./deposits.schemas.ts";
export type { DepositsService } from "./deposits.service.ts";
export { createDepositsService } from "./deposits.service.ts";
