import { type DocumentType, IDENTITY_FRONTS } from "@kestrel/domain";
import { v7 as uuidv7 } from "uuid";
import type { KycApplicationKind, KycReviewMode } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import type { KycApplicant, KycReviewProvider } from "../../providers/kyc/kyc-review-provider.ts";
import { type Customer, isProfileComplete } from "../customers/index.ts";
import { kycErrors } from "./kyc.errors.ts";
import {
  type ApplicationRow,
  insertLimitRequestSql,
  type LimitRequestRow,
  listCurrentDocumentsSql,
  updateApplicationSql,
} from "./kyc.repository.ts";
import type { KycData } from "./kyc.schemas.ts";
import { clientData, type Level, limitRequestData, workOutState } from "./kyc-state.ts";
import type { KycStateKeeper } from "./kyc-state-keeper.ts";
import type { WidgetTokens } from "./widget-token.ts";

/** Back sides that must come with a front; a passport has none. */
const BACK_OF: Record<(typeof IDENTITY_FRONTS)[number], DocumentType | undefined> = {
  PASSPORT_FRONT: undefined,
  ID_CARD_FRONT: "ID_CARD_BACK",
  DRIVING_LICENCE_FRONT: "DRIVING_LICENCE_BACK",
};

const newestOf = (applications: ApplicationRow[], kind: KycApplicationKind) =>
  applications.find((a) => a.kind === kind);

function toKycData(state: {
  level: Level;
  status: KycData["status"];
  applications: ApplicationRow[];
  limitRequests: LimitRequestRow[];
}): KycData {
  const identityCheck = clientData(state.applications);
  return {
    kycLevel: state.level,
    status: state.status,
    kyc1ClientData: identityCheck,
    kyc2ClientData: identityCheck,
    kyc3ClientData: limitRequestData(state.limitRequests),
  };
}

function applicantOf(customer: Customer, application: ApplicationRow): KycApplicant {
  return {
    merchantId: customer.merchantId,
    applicationId: application.id,
    customerId: customer.id,
    firstName: customer.firstName ?? "",
    lastName: customer.lastName ?? "",
  };
}

/** The verification flows: the widget (KYC_2), the limit-increase request at KYC_2, status. */
export function createKycVerification(deps: {
  state: KycStateKeeper;
  reviewer: KycReviewProvider;
  widgetTokens: WidgetTokens;
  /** Who reviews this merchant's applications: the sandbox reviewer, or operators (the queue). */
  reviewMode: (merchantId: string, tx: Tx) => Promise<KycReviewMode>;
}) {
  const { state, reviewer, widgetTokens } = deps;

  const data = async (merchantId: string, customerId: string): Promise<KycData> =>
    toKycData(await state.read(merchantId, customerId));

  return {
    getKycData: data,

    /**
     * POST /v5/kyc/start: a widget token. The profile must be complete. The widget opens at any
     * later state too, and shows it (in review, approved, rejected with the reason).
     */
    async startWidget(merchantId: string, customerId: string) {
      const now = await state.read(merchantId, customerId);
      if (!isProfileComplete(now.customer)) throw kycErrors.create("PROFILE_INCOMPLETE");
      const token = await widgetTokens.sign({ customerId, merchantId, level: "KYC_2" });
      return { token, expiresIn: widgetTokens.ttlSeconds, level: "KYC_2" as const };
    },

    /**
     * POST /v2/customer/kyc3/start (and /v4/kyc/sumsub/start): at KYC_2, a request for higher
     * limits, stored UNDER_REVIEW for operators to decide. Asking again while one is open answers
     * that one (under the customer's lock, and the open-request index backs it).
     */
    async requestLimitIncrease(merchantId: string, customerId: string) {
      return state.change(merchantId, customerId, async ({ tx, applications, limitRequests }) => {
        if (workOutState(applications).level !== "KYC_2") throw kycErrors.create("KYC_LEVEL_REQUIRED");
        const open = limitRequests.find((r) => r.status === "UNDER_REVIEW");
        const request =
          open ??
          (await insertLimitRequestSql(tx, { merchantId, id: uuidv7(), customerId, status: "UNDER_REVIEW" }));
        return { id: request.id, status: request.status, createdAt: request.createdAt.toISOString() };
      });
    },

    /**
     * POST /v5/kyc/submit: the widget's documents go to review. The newest identity front decides
     * the document (its back is needed unless it is a passport), and a selfie is needed.
     */
    async submitWidget(merchantId: string, customerId: string): Promise<KycData> {
      await state.change(merchantId, customerId, async ({ tx, customer, applications }) => {
        const draft = newestOf(applications, "WIDGET");
        if (draft?.status !== "READY_TO_START") {
          throw draft?.status === "IN_PROGRESS"
            ? kycErrors.create("APPLICATION_NOT_OPEN")
            : kycErrors.create("DOCUMENTS_MISSING", { data: { missing: ["IDENTITY_DOCUMENT", "SELFIE"] } });
        }
        const documents = await listCurrentDocumentsSql(tx, merchantId, draft.id);
        const types = new Set(documents.map((d) => d.docType));
        const front = documents.find((d) => (IDENTITY_FRONTS as readonly string[]).includes(d.docType));
        const back = front ? BACK_OF[front.docType as (typeof IDENTITY_FRONTS)[number]] : undefined;
        const missing = [
          ...(front ? [] : ["IDENTITY_DOCUMENT"]),
          ...(back && !types.has(back) ? [back] : []),
          ...(types.has("SELFIE") ? [] : ["SELFIE"]),
        ];
        if (missing.length > 0) throw kycErrors.create("DOCUMENTS_MISSING", { data: { missing } });
        await updateApplicationSql(tx, merchantId, draft.id, {
          status: "IN_PROGRESS",
          submittedAt: new Date(),
        });
        // A manual review needs nothing more: the application waits in the operators' queue.
        if ((await deps.reviewMode(merchantId, tx)) === "sandbox")
          await reviewer.submit(applicantOf(customer, draft), tx);
      });
      return data(merchantId, customerId);
    },
  };
}
