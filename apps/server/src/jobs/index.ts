import type { TaskList } from "graphile-worker";
import type { Config } from "../config.ts";
import { createChallengeTimeoutTask } from "../providers/acquirer/challenge-timeout-task.ts";
import { ACQUIRER_CHALLENGE_TIMEOUT_TASK } from "../providers/acquirer/sandbox-acquirer.ts";
import { ACQUIRER_CALLBACK_TASK, createAcquirerCallbackTask } from "./acquirer-callbacks.ts";
import { createBankTasks } from "./bank-jobs.ts";
import { createChainFollowerTasks } from "./chain-follower-jobs.ts";
import { createChainTasks } from "./chain-jobs.ts";
import { depositTasks } from "./deposit-jobs.ts";
import { EXPIRE_PENDING_TASK, expirePendingTransfers } from "./expire-pending-transfers.ts";
import { createIssuerTasks } from "./issuer-jobs.ts";
import { createIssuerSpendingTasks } from "./issuer-spending-jobs.ts";
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
    // Withdrawals' broadcasts (the sandbox chain's or the EVM network's) and the sandbox clock.
    ...(config.sandbox || config.evm ? createChainTasks(config) : {}),
    // The EVM network's block follower, when a currency travels on one (docs/chains.md).
    ...createChainFollowerTasks(config),
    // The sandbox card issuer's clock (issuing, shipping plastic cards).
    ...(config.sandbox ? createIssuerTasks(config) : {}),
    // The sandbox issuer's card-transaction callbacks, retried until the server answers.
    ...(config.sandbox ? createIssuerSpendingTasks(config) : {}),
    // The sandbox acquirer's signed callbacks (card pay-in and payout).
    ...(config.sandbox ? { [ACQUIRER_CALLBACK_TASK]: createAcquirerCallbackTask(config) } : {}),
    // The sandbox acquirer's clock: a 3-D Secure challenge nobody answers is declined in time.
    ...(config.sandbox ? { [ACQUIRER_CHALLENGE_TIMEOUT_TASK]: createChallengeTimeoutTask(config) } : {}),
    // The sandbox bank rail (SEPA transfers and their clock); a bank adapter brings its own.
    ...(config.sandbox ? createBankTasks(config) : {}),
  };
}
