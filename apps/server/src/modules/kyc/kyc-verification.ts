import { v7 as uuidv7 } from "uuid";
import type { KycApplicationKind } from "../../db/schema/index.ts";
import type { KycApplicant, KycReviewProvider } from "../../providers/kyc/kyc-review-provider.ts";
import type { Customer } from "../customers/customers.service.ts";
import { kycErrors } from "./kyc.errors.ts";
import type { ApplicationRow } from "./kyc.repository.ts";
import { type DocType, IDENTITY_FRONTS, type KycData } from "./kyc.schemas.ts";
import { clientData, type Level, levelRank, TARGET_LEVEL, workOutState } from "./kyc-state.ts";
import type { KycStateKeeper } from "./kyc-state-keeper.ts";
import type { WidgetTokens } from "./widget-token.ts";

/** Back sides that must come with a front; a passport has none. */
const BACK_OF: Record<(typeof IDENTITY_FRONTS)[number], DocType | undefined> = {
  PASSPORT_FRONT: undefined,
  ID_CARD_FRONT: "ID_CARD_BACK",
  DRIVING_LICENCE_FRONT: "DRIVING_LICENCE_BACK",
};

const newestOf = (applications: ApplicationRow[], kind: KycApplicationKind) =>
  applications.find((a) => a.kind === kind);

function toKycData(state: { level: Level; status: KycData["status"] }, applications: ApplicationRow[]) {
  return {
    kycLevel: state.level,
    status: state.status,
    kyc1ClientData: clientData(applications, "WIDGET"),
    kyc2ClientData: clientData(applications, "SUMSUB"),
    kyc3ClientData: clientData(applications, "KYC3"),
  };
}

function applicantOf(customer: Customer, application: ApplicationRow): KycApplicant {
  return {
    merchantId: customer.merchantId,
    applicationId: application.id,
    customerId: customer.id,
    targetLevel: TARGET_LEVEL[application.kind],
    firstName: customer.firstName ?? "",
    lastName: customer.lastName ?? "",
  };
}

/** The verification flows: widget (KYC_1), limit increases (KYC_2, KYC_3), status. */
export function createKycVerification(deps: {
  state: KycStateKeeper;
  reviewer: KycReviewProvider;
  widgetTokens: WidgetTokens;
}) {
  const { state, reviewer, widgetTokens } = deps;

  const data = async (merchantId: string, customerId: string): Promise<KycData> => {
    const now = await state.read(merchantId, customerId);
    return toKycData(now, now.applications);
  };

  return {
    getKycData: data,

    /**
     * POST /v5/kyc/start: a widget token. The profile must be complete (KYC_0). The widget opens
     * at any later state too, and shows it (in review, approved, rejected with the reason).
     */
    async startWidget(merchantId: string, customerId: string) {
      const now = await state.read(merchantId, customerId);
      if (now.level === "NONE") throw kycErrors.create("PROFILE_INCOMPLETE");
      const token = await widgetTokens.sign({ customerId, merchantId, level: "KYC_1" });
      return { token, expiresIn: widgetTokens.ttlSeconds, level: "KYC_1" as const };
    },

    /**
     * POST /v4/kyc/sumsub/start (KYC_1 → KYC_2) and /v2/customer/kyc3/start (KYC_2 → KYC_3):
     * the request is recorded UNDER_REVIEW and handed to the reviewer, who decides later.
     */
    async requestLevelIncrease(merchantId: string, customerId: string, kind: "SUMSUB" | "KYC3") {
      const target = TARGET_LEVEL[kind];
      await state.change(merchantId, customerId, async ({ q, tx, customer, applications }) => {
        const { level } = workOutState("KYC_0", applications);
        if (levelRank(level) < levelRank(target) - 1) throw kycErrors.create("KYC_LEVEL_REQUIRED");
        if (levelRank(level) >= levelRank(target)) {
          throw kycErrors.create("KYC_NOT_AVAILABLE", {
            message: "You have this verification level already.",
          });
        }
        if (newestOf(applications, kind)?.status === "UNDER_REVIEW") {
          throw kycErrors.create("KYC_ALREADY_UNDER_REVIEW");
        }
        const application = await q.insertApplication({
          id: uuidv7(),
          merchantId,
          customerId,
          kind,
          targetLevel: target,
          status: "UNDER_REVIEW",
          submittedAt: new Date(),
        });
        await reviewer.submit(applicantOf(customer, application), tx);
      });
    },

    /**
     * POST /v5/kyc/submit: the widget's documents go to review. The newest identity front decides
     * the document (its back is needed unless it is a passport), and a selfie is needed.
     */
    async submitWidget(merchantId: string, customerId: string): Promise<KycData> {
      await state.change(merchantId, customerId, async ({ q, tx, customer, applications }) => {
        const draft = newestOf(applications, "WIDGET");
        if (draft?.status !== "READY_TO_START") {
          throw draft?.status === "IN_PROGRESS"
            ? kycErrors.create("APPLICATION_NOT_OPEN")
            : kycErrors.create("DOCUMENTS_MISSING", { data: { missing: ["IDENTITY_DOCUMENT", "SELFIE"] } });
        }
        const documents = await q.listCurrentDocuments(draft.id);
        const types = new Set(documents.map((d) => d.docType));
        const front = documents.find((d) => (IDENTITY_FRONTS as readonly string[]).includes(d.docType));
        const back = front ? BACK_OF[front.docType as (typeof IDENTITY_FRONTS)[number]] : undefined;
        const missing = [
          ...(front ? [] : ["IDENTITY_DOCUMENT"]),
          ...(back && !types.has(back) ? [back] : []),
          ...(types.has("SELFIE") ? [] : ["SELFIE"]),
        ];
        if (missing.length > 0) throw kycErrors.create("DOCUMENTS_MISSING", { data: { missing } });
        await q.updateApplication(draft.id, { status: "IN_PROGRESS", submittedAt: new Date() });
        await reviewer.submit(applicantOf(customer, draft), tx);
      });
      return data(merchantId, customerId);
    },
  };
}

export type KycVerification = ReturnType<typeof createKycVerification>;
