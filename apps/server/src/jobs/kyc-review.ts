import type { Task } from "graphile-worker";
import { z } from "zod";
import type { Config } from "../config.ts";
import { REVIEW_CALLBACK_PATH } from "../providers/kyc/review-callback.ts";
import {
  httpCallbackDelivery,
  KYC_REVIEW_TASK,
  reviewApplicant,
} from "../providers/kyc/sandbox-kyc-reviewer.ts";

export { KYC_REVIEW_TASK };

const applicantSchema = z.object({
  merchantId: z.uuid(),
  applicationId: z.uuid(),
  customerId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
});

/**
 * The sandbox KYC reviewer at work: enqueued (with its delay as run_at) when an application is
 * submitted, it decides and sends the signed decision to the server's callback like a real
 * provider's webhook, through PUBLIC_BASE_URL, so it works from a worker of its own too.
 */
export function createKycReviewTask(config: Config): Task {
  const deliver = httpCallbackDelivery(`${config.publicBaseUrl}${REVIEW_CALLBACK_PATH}`);
  return async (payload, helpers) => {
    const applicant = applicantSchema.parse(payload);
    const { decision, status } = await reviewApplicant(applicant, {
      secret: config.secrets.callback,
      deliver,
    });
    const log = status < 300 ? helpers.logger.info : helpers.logger.warn;
    log.call(
      helpers.logger,
      `KYC application ${applicant.applicationId}: ${decision.outcome} (callback ${status})`,
    );
  };
}
