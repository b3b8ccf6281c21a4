import { v7 as uuidv7 } from "uuid";
import { commonErrors } from "../../http/app-error.ts";
import type { BlobStore } from "../../providers/blobs/blob-store.ts";
import { sha256Hex } from "../../providers/blobs/filesystem-blob-store.ts";
import type { CatalogService } from "../catalog/index.ts";
import { isProfileComplete } from "../customers/index.ts";
import type { MerchantsService } from "../merchants/index.ts";
import type { RateLimitService } from "../ratelimit/index.ts";
import { detectDocumentType } from "./document-file-type.ts";
import { kycErrors } from "./kyc.errors.ts";
import { insertApplicationSql, insertDocumentSql, type KycRepository } from "./kyc.repository.ts";
import type { UploadQuery } from "./kyc.schemas.ts";
import type { KycStateKeeper } from "./kyc-state-keeper.ts";

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Uploads per customer and hour: plenty for retakes, too few to use us as file storage. */
const UPLOADS_PER_HOUR = { name: "kyc-upload", max: 60, windowSeconds: 3600 };

const invalid = (field: string, message: string) =>
  commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message: `${field}: ${message}` });

/** Date of issue: not in the future (the customer's day may be ahead of UTC by up to 14 h). */
function checkIssuedDate(issuedDate: string, now: Date) {
  const latest = new Date(now.getTime() + 14 * 3600 * 1000).toISOString().slice(0, 10);
  if (issuedDate > latest) throw invalid("issuedDate", "must not be in the future");
  if (issuedDate < "1950-01-01") throw invalid("issuedDate", "must be a real date of issue");
}

/**
 * Identity documents: checked (type by content, size, date, country, not another customer's
 * file), stored in the blob store with their checksum, and recorded on the customer's open
 * widget application, which the first upload opens (and an upload after a retryable rejection
 * opens anew). Served back to their owner only.
 */
export function createKycDocuments(deps: {
  repository: KycRepository;
  state: KycStateKeeper;
  blobs: BlobStore;
  catalog: Pick<CatalogService, "listCountries">;
  merchants: Pick<MerchantsService, "merchantById">;
  limits: Pick<RateLimitService, "consume">;
  now?: () => Date;
}) {
  const { repository, state, blobs } = deps;
  const now = deps.now ?? (() => new Date());

  async function checkCountry(merchantId: string, code: string) {
    const merchant = await deps.merchants.merchantById(merchantId, "merchantId");
    const country = deps.catalog.listCountries(merchant, "residence").find((c) => c.code === code);
    if (!country) throw invalid("issuedCountry", "must be a known country");
    if (country.blocked) throw kycErrors.create("COUNTRY_NOT_ACCEPTED", { field: "issuedCountry" });
  }

  return {
    async uploadDocument(
      caller: { merchantId: string; customerId: string },
      query: UploadQuery,
      bytes: Uint8Array,
    ): Promise<{ documentId: string }> {
      const { merchantId, customerId } = caller;
      const selfie = query.docType === "SELFIE";
      if (!selfie && !query.issuedCountry) throw invalid("issuedCountry", "required");
      if (!selfie && !query.issuedDate) throw invalid("issuedDate", "required");
      if (query.issuedDate) checkIssuedDate(query.issuedDate, now());
      if (query.issuedCountry) await checkCountry(merchantId, query.issuedCountry);
      if (bytes.byteLength === 0) throw invalid("image", "the file is empty");
      if (bytes.byteLength > MAX_DOCUMENT_BYTES)
        throw kycErrors.create("DOCUMENT_TOO_LARGE", { field: "image" });
      const contentType = detectDocumentType(bytes);
      if (!contentType || (selfie && contentType === "application/pdf")) {
        throw kycErrors.create("DOCUMENT_TYPE_NOT_SUPPORTED", {
          field: "image",
          ...(selfie ? { message: "Please upload a JPEG or PNG photo." } : {}),
        });
      }
      await deps.limits.consume(UPLOADS_PER_HOUR, customerId);
      const sha256 = sha256Hex(bytes);
      if (await repository.checksumUsedByAnother(merchantId, customerId, sha256)) {
        throw kycErrors.create("DOCUMENT_OF_ANOTHER_CUSTOMER", { field: "image" });
      }

      // The file is stored before the row that names it: a failure in between leaves an orphan
      // file (removed below when we can), never a row without its file.
      const documentId = uuidv7();
      const key = `kyc/${merchantId}/${customerId}/${documentId}`;
      const stored = await blobs.put(key, bytes);
      try {
        await state.change(merchantId, customerId, async ({ tx, customer, applications }) => {
          const newest = applications.find((a) => a.kind === "WIDGET");
          let applicationId = newest?.id;
          if (newest?.status === "IN_PROGRESS") throw kycErrors.create("APPLICATION_NOT_OPEN");
          if (!newest || newest.status === "ACTION_NEEDED") {
            // Only a widget application leads to KYC_2; it opens once the profile is complete.
            if (!isProfileComplete(customer)) throw kycErrors.create("PROFILE_INCOMPLETE");
            applicationId = uuidv7();
            await insertApplicationSql(tx, {
              id: applicationId,
              merchantId,
              customerId,
              kind: "WIDGET",
              targetLevel: "KYC_2",
              status: "READY_TO_START",
            });
          } else if (newest.status !== "READY_TO_START") {
            throw kycErrors.create("KYC_NOT_AVAILABLE");
          }
          await insertDocumentSql(tx, {
            id: documentId,
            merchantId,
            customerId,
            applicationId: applicationId as string,
            docType: query.docType,
            issuedDate: selfie ? null : (query.issuedDate ?? null),
            issuedCountry: selfie ? null : (query.issuedCountry ?? null),
            contentType,
            sizeBytes: stored.sizeBytes,
            sha256: stored.sha256,
            blobKey: stored.key,
          });
        });
      } catch (e) {
        await blobs.delete(key).catch(() => {});
        throw e;
      }
      return { documentId };
    },

    /** A stored document, for its owner; anybody else's id is simply not found. */
    async readDocument(caller: { merchantId: string; customerId: string }, documentId: string) {
      const document = await repository.findDocument(caller.merchantId, caller.customerId, documentId);
      if (!document) throw kycErrors.create("DOCUMENT_NOT_FOUND");
      const bytes = await blobs.get(document.blobKey, document.sha256);
      if (!bytes) throw kycErrors.create("DOCUMENT_NOT_FOUND");
      return { bytes, contentType: document.contentType };
    },
  };
}
