import { parseCronItems, type TaskList } from "graphile-worker";
import { ADJUSTMENTS_EXPIRE_TASK, type AdjustmentsService } from "../modules/adjustments/index.ts";

/**
 * Every 10 minutes: waiting proposals past their expiry are stored EXPIRED (docs/backoffice.md
 * "Adjustments"). A decision already refuses them; this keeps the stored status true for lists
 * and reports when nobody tries. A missed run is simply done by the next one.
 */
export const adjustmentCronItems = parseCronItems([
  { task: ADJUSTMENTS_EXPIRE_TASK, match: "*/10 * * * *", options: { backfillPeriod: 0 } },
]);

export function createAdjustmentTasks(adjustments: AdjustmentsService): TaskList {
  return {
    [ADJUSTMENTS_EXPIRE_TASK]: async (_payload, helpers) => {
      const expired = await adjustments.expireLapsed();
      if (expired > 0) helpers.logger.info(`adjustments: ${expired} lapsed proposals expired`);
    },
  };
}
