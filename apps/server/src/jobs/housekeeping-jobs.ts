import { parseCronItems, type TaskList } from "graphile-worker";
import type { CaptchaService } from "../modules/captcha/index.ts";
import type { RateLimitService } from "../modules/ratelimit/index.ts";

export const HOUSEKEEPING_PURGE_TASK = "housekeeping_purge";

/**
 * Every hour: rows that only ever served a moment and are never read again once over (ended
 * rate-limit windows, expired captcha passes) are deleted, so those tables stay the size of an
 * hour's traffic instead of growing with every sign-up. A missed run is done by the next one.
 */
export const housekeepingCronItems = parseCronItems([
  { task: HOUSEKEEPING_PURGE_TASK, match: "17 * * * *", options: { backfillPeriod: 0 } },
]);

export function createHousekeepingTasks(deps: {
  limits: RateLimitService;
  captcha: CaptchaService;
}): TaskList {
  return {
    [HOUSEKEEPING_PURGE_TASK]: async (_payload, helpers) => {
      const windows = await deps.limits.purgeEnded();
      const passes = await deps.captcha.purgeExpired();
      if (windows + passes > 0)
        helpers.logger.info(`housekeeping: ${windows} rate-limit windows, ${passes} captcha passes deleted`);
    },
  };
}
