import type { TaskList } from "graphile-worker";
import { EXPIRE_PENDING_TASK, expirePendingTransfers } from "./expire-pending-transfers.ts";

/**
 * Every background job the worker runs, by name. Modules add theirs here; a job is enqueued in
 * the same transaction as the change that asks for it.
 */
export function createTaskList(): TaskList {
  return { [EXPIRE_PENDING_TASK]: expirePendingTransfers };
}
