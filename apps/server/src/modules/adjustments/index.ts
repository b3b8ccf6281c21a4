// The one door of adjustments: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.

export type { AdjustmentActor, AdjustmentsService } from "./adjustments.service.ts";
export { createAdjustmentsService } from "./adjustments.service.ts";
export { ADJUSTMENT_HOUSE_ACCOUNTS, ADJUSTMENTS_EXPIRE_TASK } from "./adjustments.types.ts";
