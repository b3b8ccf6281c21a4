import type { TaskList } from "graphile-worker";
import type { Config } from "../config.ts";
import { createBankTasks } from "./bank-jobs.ts";
import { createChainTasks } from "./chain-jobs.ts";
import { depositTasks } from "./deposit-jobs.ts";
import { EXPIRE_PENDING_TASK, expirePendingTransfers } from "./expire-pending-transfers.ts";
import { createKycReviewTask, KYC_REVIEW_TASK } from "./kyc-review.ts";

/**
 * Every background job the worker runs, by name. Modules add theirs here; a job is enqueued in
 * the same transaction as the change that asks for it.
 */
export function createTaskList(config: Config): TaskList {
  return {
    [EXPIRE_PENDING_TASK]: expirePendingTransfers,
    ...depositTasks,
    // The sandbox KYC reviewer; outside sandbox mode nothing enqueues it.
    ...(config.sandbox ? { [KYC_REVIEW_TASK]: createKycReviewTask(config) } : {}),
    // The sandbox chain (broadcasts and confirmation clock); a production adapter brings its own.
    ...(config.sandbox ? createChainTasks(config) : {}),
    // The sandbox bank rail (SEPA transfers and their clock); a bank adapter brings its own.
    ...(config.sandbox ? createBankTasks(config) : {}),
  };
}
