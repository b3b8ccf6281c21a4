import type { Task } from "graphile-worker";
import { z } from "zod";
import { createLedgerService, EXPIRE_PENDING_TASK } from "../modules/ledger/index.ts";

export { EXPIRE_PENDING_TASK };

const payloadSchema = z.object({ merchantId: z.uuid(), transferId: z.uuid() });

/** Overdue reservations released per run besides this job's own, in case one's job was lost. */
const SWEEP_LIMIT = 100;

/**
 * Releases the reservation this job was enqueued for (unless it was posted or voided first),
 * then sweeps any other overdue ones. Each release is its own idempotent ledger operation, so a
 * job run twice, or racing a late post, changes nothing twice.
 */
export const expirePendingTransfers: Task = async (payload, helpers) => {
  const { merchantId, transferId } = payloadSchema.parse(payload);
  const ledger = createLedgerService({ db: { withClient: helpers.withPgClient } });
  const outcome = await ledger.expirePending({ merchantId, pendingId: transferId });
  // The queue's clock and the database's agree, but a job may still run a moment early: retry.
  if (outcome === "not_due") throw new Error(`reservation ${transferId} is not due yet`);
  const swept = await ledger.expireDuePending({ limit: SWEEP_LIMIT });
  helpers.logger.debug(`reservation ${transferId}: ${outcome}; ${swept} more expired`);
};
