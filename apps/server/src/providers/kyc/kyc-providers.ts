import type { Config } from "../../config.ts";
import { commonErrors } from "../../http/app-error.ts";
import { measureParty } from "../../metrics/sources.ts";
import type { BlobStore } from "../blobs/blob-store.ts";
import { createBlobStore } from "../blobs/blob-stores.ts";
import type { KycReviewProvider } from "./kyc-review-provider.ts";
import { createSandboxKycReviewer } from "./sandbox-kyc-reviewer.ts";

/**
 * The KYC reviewer and the document store. Sandbox mode reviews automatically (test inputs in
 * docs/kyc.md) for merchants whose reviews are `sandbox`; outside sandbox mode reviews are
 * manual (operators, in the back-office's queue: docs/backoffice.md), so this reviewer, which
 * refuses with 503, is never asked. Documents go to the blob
 * store the configuration names (providers/blobs: DATA_DIR/blobs, or an S3-compatible bucket).
 */
export function createKycProviders(
  config: Pick<Config, "sandbox" | "dataDir" | "kycReviewDelaySeconds" | "blobs">,
): {
  reviewer: KycReviewProvider;
  blobs: BlobStore;
} {
  const blobs = measureParty("blobs", createBlobStore(config));
  if (config.sandbox) {
    const reviewer = createSandboxKycReviewer({ delaySeconds: config.kycReviewDelaySeconds });
    return { reviewer: measureParty("kyc", reviewer), blobs };
  }
  return {
    reviewer: {
      async submit() {
        throw commonErrors.create("SERVICE_UNAVAILABLE", {
          message: "Identity verification is not available right now. Please try again later.",
        });
      },
    },
    blobs,
  };
}
