import type { ReviewOutcome } from "../../providers/kyc/review-callback.ts";
import { signReviewCallback } from "../../providers/kyc/review-callback.ts";
import { sandboxDecision } from "../../providers/kyc/sandbox-kyc-reviewer.ts";
import type { CustomersService } from "../customers/index.ts";
import type { KycRepository } from "./kyc.repository.ts";
import type { DecisionEffect, KycDecisions } from "./kyc-decisions.ts";

/** Applications a reviewer may decide: submitted ones, decided ones included (to override). */
const DECIDABLE = new Set(["IN_PROGRESS", "UNDER_REVIEW", "APPROVED", "REJECTED", "ACTION_NEEDED"]);

/**
 * The sandbox console's KYC control: a tester decides a phone's newest submitted application
 * now. The decision is signed and received like the reviewer's own, so it takes the same path
 * (and a later automatic decision of the same application is then stale or overrides it).
 */
export function createKycSandboxControls(deps: {
  repository: KycRepository;
  customers: Pick<CustomersService, "findByPhone">;
  decisions: KycDecisions;
  callbackSecret: string;
}) {
  return {
    async decideForPhone(q: {
      merchantId: string;
      phone: string;
      outcome: ReviewOutcome;
    }): Promise<{ effect: DecisionEffect } | { effect: "none"; why: "no customer" | "nothing submitted" }> {
      const customer = await deps.customers.findByPhone(q.merchantId, q.phone);
      if (!customer) return { effect: "none", why: "no customer" };
      const applications = await deps.repository.listApplications(q.merchantId, customer.id);
      const newest = applications.find((a) => DECIDABLE.has(a.status));
      if (!newest) return { effect: "none", why: "nothing submitted" };
      const decision = sandboxDecision({ applicationId: newest.id, merchantId: q.merchantId }, q.outcome);
      const raw = JSON.stringify(decision);
      return {
        effect: await deps.decisions.receiveDecision(raw, signReviewCallback(deps.callbackSecret, raw)),
      };
    },
  };
}
