import path from "node:path";
import type { Config } from "../../config.ts";
import { commonErrors } from "../../http/app-error.ts";
import type { BlobStore } from "../blobs/blob-store.ts";
import { createFilesystemBlobStore } from "../blobs/filesystem-blob-store.ts";
import type { KycReviewProvider } from "./kyc-review-provider.ts";
import { createSandboxKycReviewer } from "./sandbox-kyc-reviewer.ts";

/**
 * The KYC reviewer and the document store. Sandbox mode reviews automatically (test inputs in
 * docs/kyc.md); no production reviewer is written yet, so outside sandbox mode a submission is
 * refused with 503 rather than left waiting for a review nobody does. Documents go to the
 * filesystem under DATA_DIR/blobs (one machine); several servers need an object store here.
 */
export function createKycProviders(config: Pick<Config, "sandbox" | "dataDir" | "kycReviewDelaySeconds">): {
  reviewer: KycReviewProvider;
  blobs: BlobStore;
} {
  const blobs = createFilesystemBlobStore(path.join(config.dataDir, "blobs"));
  if (config.sandbox)
    return { reviewer: createSandboxKycReviewer({ delaySeconds: config.kycReviewDelaySeconds }), blobs };
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
