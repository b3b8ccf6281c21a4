import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { commonErrors } from "../../http/app-error.ts";
import { errorResponses } from "../../http/error-body.ts";
import { bearerSecurity } from "../../plugins/authenticate.ts";
import { kycErrors } from "./kyc.errors.ts";
import { documentParams, uploadQuery, uploadResponse } from "./kyc.schemas.ts";
import { authenticateKycCaller, kycCaller } from "./kyc-auth.ts";
import { MAX_DOCUMENT_BYTES } from "./kyc-documents.ts";

const tags = ["kyc"];
const errors = errorResponses(400, 401, 404, 409, 413, 415, 429);

const missingImage = () =>
  commonErrors.create("NOT_VALID_REQUEST_DATA", { field: "image", message: "image: a file is required" });

const oneFileOnly = () =>
  commonErrors.create("NOT_VALID_REQUEST_DATA", { field: "image", message: "image: one file only" });

const errorCode = (e: unknown) => (e as { code?: string }).code;

/**
 * The one `image` file of a multipart upload; nothing past 10 MB is read into memory. The whole
 * request is read before answering: a second file (busboy's files limit) must be refused, not
 * silently dropped, or the customer would believe both were stored.
 */
async function readImage(req: FastifyRequest): Promise<Uint8Array> {
  let image: Uint8Array | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== "file") continue;
      if (image !== undefined || part.fieldname !== "image") {
        part.file.resume();
        throw image === undefined ? missingImage() : oneFileOnly();
      }
      image = await part.toBuffer();
    }
  } catch (e) {
    const code = errorCode(e);
    if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") throw missingImage();
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") throw oneFileOnly();
    if (code === "FST_REQ_FILE_TOO_LARGE") throw kycErrors.create("DOCUMENT_TOO_LARGE", { field: "image" });
    throw e;
  }
  if (image === undefined) throw missingImage();
  return image;
}

/**
 * Document upload (multipart, scoped here: the rest of the API keeps its 1 MB JSON bodies) and
 * the owner's read of a stored document.
 */
export const kycDocumentsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { kyc } = deps.services;
    await app.register(multipart, {
      // One file; a few stray fields are tolerated and ignored. busboy stops at 10 MB + 1 byte.
      limits: {
        fileSize: MAX_DOCUMENT_BYTES,
        files: 1,
        fields: 5,
        parts: 6,
        fieldSize: 1024,
        headerPairs: 50,
      },
    });

    app.post(
      "/v1/kyc/upload/document",
      {
        schema: {
          operationId: "uploadKycDocument",
          tags,
          description:
            "multipart/form-data with one file field `image`: JPEG, PNG or PDF (recognised by content; a selfie must be a photo), at most 10 MB. Widget or access token.",
          consumes: ["multipart/form-data"],
          security: bearerSecurity,
          querystring: uploadQuery,
          response: { 200: uploadResponse, ...errors },
        },
        preHandler: authenticateKycCaller(deps),
      },
      async (req) => {
        const caller = kycCaller(req);
        const bytes = await readImage(req);
        const { documentId } = await kyc.uploadDocument(caller, req.query, bytes);
        return { result: "OK" as const, documentId };
      },
    );

    app.get(
      "/v1/kyc/documents/:documentId",
      {
        schema: {
          operationId: "getKycDocument",
          tags,
          description: "The stored file (its own content type), for the customer who uploaded it only.",
          security: bearerSecurity,
          params: documentParams,
          // Sent as the raw file (Fastify does not serialise a Buffer).
          response: {
            200: z.unknown().describe("The file"),
            ...errorResponses(400, 401, 404),
          },
        },
        preHandler: authenticateKycCaller(deps),
      },
      async (req, reply) => {
        const document = await kyc.readDocument(kycCaller(req), req.params.documentId);
        return reply
          .header("cache-control", "private, no-store")
          .header("content-disposition", "inline; filename=document")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .type(document.contentType)
          .send(Buffer.from(document.bytes));
      },
    );
  };
