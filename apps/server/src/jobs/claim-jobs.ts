import { parseCronItems, type TaskList } from "graphile-worker";
import { z } from "zod";
import {
  CLAIM_DELIVER_TASK,
  CLAIM_RETURN_TASK,
  CLAIM_TEXT_EVENTS,
  CLAIM_TEXT_TASK,
  CLAIMS_SWEEP_TASK,
  type ClaimsService,
} from "../modules/claims/index.ts";

const claimPayload = z.object({ merchantId: z.uuid(), claimId: z.uuid() });
const customerPayload = z.object({ merchantId: z.uuid(), customerId: z.uuid() });
const textPayload = claimPayload.extend({ event: z.enum(CLAIM_TEXT_EVENTS) });

/** Every minute: what a lost job or a missed trigger left (an overdue return, a claim now possible). */
export const claimCronItems = parseCronItems([
  { task: CLAIMS_SWEEP_TASK, match: "* * * * *", options: { backfillPeriod: 0 } },
]);

/**
 * Claimable transfers' jobs (docs/send.md "Sending to someone not yet a customer"): the return at
 * expiry (enqueued with the send, run_at = expires_at), the delivery when the phone's owner joins
 * or reaches the level, the texts, and the sweep. Each judges the claim's locked row: run twice,
 * it moves nothing twice.
 */
export function createClaimTasks(claims: ClaimsService): TaskList {
  return {
    [CLAIM_RETURN_TASK]: async (payload, helpers) => {
      const { merchantId, claimId } = claimPayload.parse(payload);
      const status = await claims.returnIfDue(merchantId, claimId);
      // The queue's clock and the database's agree, but a job may still run a moment early: retry.
      if (status === "HELD") throw new Error(`claim ${claimId} is not due yet`);
      helpers.logger.debug(`claim ${claimId}: ${status}`);
    },
    [CLAIM_DELIVER_TASK]: async (payload, helpers) => {
      const { merchantId, customerId } = customerPayload.parse(payload);
      helpers.logger.debug(
        `claims for ${customerId}: ${await claims.deliverTo(merchantId, customerId)} claimed`,
      );
    },
    [CLAIM_TEXT_TASK]: async (payload) => {
      const { merchantId, claimId, event } = textPayload.parse(payload);
      await claims.text(merchantId, claimId, event);
    },
    [CLAIMS_SWEEP_TASK]: async (_payload, helpers) => {
      const { returned, claimed } = await claims.sweep();
      if (returned + claimed > 0)
        helpers.logger.info(`claims swept: ${returned} returned, ${claimed} claimed`);
    },
  };
}
