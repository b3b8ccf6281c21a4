import type { KycStatus } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import {
  isReviewCallbackSigned,
  type ReviewDecision,
  type ReviewOutcome,
  reviewDecisionSchema,
} from "../../providers/kyc/review-callback.ts";
import { kycErrors } from "./kyc.errors.ts";
import {
  findApplicationSql,
  type KycRepository,
  recordDecisionSql,
  updateApplicationSql,
} from "./kyc.repository.ts";
import type { KycStateKeeper } from "./kyc-state-keeper.ts";

export type DecisionEffect = "applied" | "duplicate" | "stale";

const STATUS_AFTER: Record<ReviewOutcome, KycStatus> = {
  APPROVED: "APPROVED",
  REJECTED: "REJECTED",
  RETRY: "ACTION_NEEDED",
};

/**
 * The server side of the reviewer's callback. The signature is checked over the raw body before
 * anything is parsed. A decision already received is a no-op; one older than the decision
 * applied to the application is stale and ignored; a newer one overrides (an approval may turn
 * into a rejection and back), and level and status follow.
 */
export function createKycDecisions(deps: {
  repository: KycRepository;
  state: KycStateKeeper;
  callbackSecret: string;
}) {
  const { repository, state, callbackSecret } = deps;

  /**
   * An operator's decision (`byOperator`) applies to a waiting application only (a decided one
   * is 409), and `within` runs in its transaction, under the customer's lock: the audit entry
   * commits with the decision or neither does.
   */
  async function apply(
    decision: ReviewDecision,
    byOperator?: { within: (tx: Tx) => Promise<void> },
  ): Promise<DecisionEffect> {
    const application = await repository.findApplication(decision.merchantId, decision.applicationId);
    if (!application) throw kycErrors.create("APPLICATION_NOT_FOUND", { field: "applicationId" });
    const decidedAt = new Date(decision.decidedAt);
    return state.change(application.merchantId, application.customerId, async ({ tx }) => {
      const current = await findApplicationSql(tx, application.merchantId, application.id);
      if (!current || current.status === "READY_TO_START")
        throw kycErrors.create("APPLICATION_NOT_SUBMITTED");
      if (byOperator && current.status !== "IN_PROGRESS") throw kycErrors.create("CASE_ALREADY_DECIDED");
      const stale = current.decidedAt !== null && decidedAt.getTime() <= current.decidedAt.getTime();
      const effect = stale ? "stale" : "applied";
      const fresh = await recordDecisionSql(tx, {
        decisionId: decision.decisionId,
        merchantId: current.merchantId,
        applicationId: current.id,
        outcome: decision.outcome,
        decidedAt,
        effect,
      });
      if (!fresh) return "duplicate";
      if (stale) return "stale";
      const approved = decision.outcome === "APPROVED";
      await updateApplicationSql(tx, current.merchantId, current.id, {
        status: STATUS_AFTER[decision.outcome],
        decidedAt,
        rejectReasons: approved ? [] : decision.reasons,
        rejectMessage: approved ? null : decision.message,
      });
      await byOperator?.within(tx);
      return "applied";
    });
  }

  return {
    applyDecision: apply,
    async receiveDecision(rawBody: string, signature: string | undefined): Promise<DecisionEffect> {
      if (!isReviewCallbackSigned(callbackSecret, rawBody, signature)) {
        throw kycErrors.create("INVALID_SIGNATURE");
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: "body",
          message: "body: malformed JSON",
        });
      }
      const parsed = reviewDecisionSchema.safeParse(json);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.join(".") || "body";
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message: `${field}: not valid` });
      }
      return apply(parsed.data);
    },
  };
}

export type KycDecisions = ReturnType<typeof createKycDecisions>;
