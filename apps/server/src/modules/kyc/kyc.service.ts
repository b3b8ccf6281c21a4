import type { Config } from "../../config.ts";
import type { ClientSource } from "../../db/transaction.ts";
import type { BlobStore } from "../../providers/blobs/blob-store.ts";
import type { KycReviewProvider } from "../../providers/kyc/kyc-review-provider.ts";
import type { CatalogService } from "../catalog/index.ts";
import type { CustomersService } from "../customers/index.ts";
import type { MerchantsService } from "../merchants/index.ts";
import type { RateLimitService } from "../ratelimit/index.ts";
import { createKycRepository } from "./kyc.repository.ts";
import { createKycDecisions } from "./kyc-decisions.ts";
import { createKycDocuments } from "./kyc-documents.ts";
import { createKycLimitsRepository } from "./kyc-limits.repository.ts";
import { createKycLimits } from "./kyc-limits.ts";
import { createKycReview } from "./kyc-review.ts";
import { createKycSandboxControls } from "./kyc-sandbox-controls.ts";
import { createKycStateKeeper } from "./kyc-state-keeper.ts";
import { createKycVerification } from "./kyc-verification.ts";
import { widgetFrameAncestors } from "./widget-frame-ancestors.ts";
import { createWidgetTokens } from "./widget-token.ts";

/**
 * Identity verification (docs/kyc.md): the widget's flow and tokens, documents, review
 * decisions, and the limits every money feature is held to (`assertAllowed`, `consume`).
 */
export function createKycService(deps: {
  config: Pick<Config, "secrets" | "kycWidgetTokenTtlSeconds" | "publicBaseUrl" | "sandbox">;
  db: ClientSource;
  reviewer: KycReviewProvider;
  blobs: BlobStore;
  customers: Pick<CustomersService, "getCustomer" | "updateCustomer" | "findByPhone">;
  catalog: Pick<CatalogService, "operationRule" | "listOperations" | "listCountries">;
  merchants: Pick<MerchantsService, "merchantById" | "allHosts">;
  limits: Pick<RateLimitService, "consume">;
  /** After a committed change of a customer's level (kyc-state-keeper.ts). */
  onLevelChanged?: (merchantId: string, customerId: string) => Promise<void>;
}) {
  const repository = createKycRepository({ db: deps.db });
  const state = createKycStateKeeper({
    db: deps.db,
    repository,
    customers: deps.customers,
    ...(deps.onLevelChanged ? { onLevelChanged: deps.onLevelChanged } : {}),
  });
  const widgetTokens = createWidgetTokens(deps.config.secrets.jwt, deps.config.kycWidgetTokenTtlSeconds);
  const callbackSecret = deps.config.secrets.callback;
  const decisions = createKycDecisions({ repository, state, callbackSecret });
  const limits = createKycLimits({
    repository: createKycLimitsRepository({ db: deps.db }),
    state,
    catalog: deps.catalog,
    merchants: deps.merchants,
  });
  const review = createKycReview({
    db: deps.db,
    sandbox: deps.config.sandbox,
    decisions,
    blobs: deps.blobs,
    customers: deps.customers,
    limits,
  });
  return {
    widgetTokens,
    ...createKycVerification({ state, reviewer: deps.reviewer, widgetTokens, reviewMode: review.reviewMode }),
    review,
    ...createKycDocuments({
      repository,
      state,
      blobs: deps.blobs,
      catalog: deps.catalog,
      merchants: deps.merchants,
      limits: deps.limits,
    }),
    ...decisions,
    sandbox: createKycSandboxControls({ repository, customers: deps.customers, decisions, callbackSecret }),
    ...limits,
    widgetFrameAncestors: widgetFrameAncestors(deps.config.publicBaseUrl, deps.merchants),
  };
}

export type KycService = ReturnType<typeof createKycService>;
