import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { REVIEW_REASONS, type ReviewReason } from "../kyc/index.ts";
import { adminErrors, operatorSecurity, signedInOperator } from "../operators/index.ts";
import {
  caseDocumentParams,
  caseParams,
  caseResponse,
  casesQuery,
  casesResponse,
  decisionBody,
  decisionResponse,
  reviewSettings,
  reviewSettingsResponse,
} from "./kyc-review.schemas.ts";

const tags = ["backoffice"];
const errors = { ...adminErrors, 409: adminErrors[400] };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The KYC review queue: cases, their documents, decisions, and who reviews (docs/backoffice.md). */
export const kycReviewRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { kyc, audit, customers } = deps.services;
    const { review } = kyc;

    app.get(
      "/admin/v1/kyc/cases",
      {
        config: { permission: "kyc.read" },
        schema: {
          operationId: "adminKycCases",
          tags,
          description: "Identity checks and limit-increase requests; WAITING (the default) oldest first.",
          security: operatorSecurity,
          querystring: casesQuery,
          response: { 200: casesResponse, ...errors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        const cases = await review.listCases(ctx.merchantId, req.query.status);
        reply.header("cache-control", "no-store");
        return {
          cases: cases.map((c) => ({
            ...c,
            submittedAt: c.submittedAt.toISOString(),
            decidedAt: iso(c.decidedAt),
          })),
        };
      },
    );

    app.get(
      "/admin/v1/kyc/cases/:caseId",
      {
        config: { permission: "kyc.read" },
        schema: {
          operationId: "adminKycCase",
          tags,
          security: operatorSecurity,
          params: caseParams,
          response: { 200: caseResponse, ...errors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        const c = await review.getCase(ctx.merchantId, req.params.caseId);
        reply.header("cache-control", "no-store");
        return {
          ...c,
          submittedAt: c.submittedAt.toISOString(),
          decidedAt: iso(c.decidedAt),
          documents: c.documents.map((d) => ({ ...d, uploadedAt: d.uploadedAt.toISOString() })),
          decisions: c.decisions.map((d) => ({ ...d, decidedAt: d.decidedAt.toISOString() })),
        };
      },
    );

    app.get(
      "/admin/v1/kyc/cases/:caseId/documents/:documentId",
      {
        config: { permission: "kyc.read" },
        schema: {
          operationId: "adminKycDocument",
          tags,
          description:
            "The document's bytes from the blob store, in its own content type; never cached; audited.",
          security: operatorSecurity,
          params: caseDocumentParams,
          // Sent as the raw file (Fastify does not serialise a Buffer).
          response: { 200: z.unknown().describe("The file"), ...errors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        const document = await review.readCaseDocument(
          ctx.merchantId,
          req.params.caseId,
          req.params.documentId,
        );
        await audit.record(ctx.actor, {
          merchantId: ctx.merchantId,
          action: "kyc.document.view",
          targetType: "customer",
          targetId: document.customerId,
          changes: {
            caseId: req.params.caseId,
            documentId: req.params.documentId,
            docType: document.docType,
          },
        });
        return reply
          .header("cache-control", "private, no-store")
          .header("content-disposition", "inline; filename=document")
          .header("content-security-policy", "default-src 'none'; img-src 'self'; sandbox")
          .type(document.contentType)
          .send(Buffer.from(document.bytes));
      },
    );

    app.post(
      "/admin/v1/kyc/cases/:caseId/decision",
      {
        config: { permission: "kyc.decide" },
        schema: {
          operationId: "adminKycDecide",
          tags,
          description:
            "APPROVE, REJECT or RETRY (name the document to send again) with a reason from the closed list. The customer's level and status change at once.",
          security: operatorSecurity,
          params: caseParams,
          body: decisionBody,
          response: { 200: decisionResponse, ...errors },
        },
      },
      async (req) => {
        const ctx = signedInOperator(req);
        const body = req.body;
        const { customerId } = await review.decideCase(
          ctx.merchantId,
          req.params.caseId,
          { ...body, reason: body.reason as ReviewReason },
          (tx, customer) =>
            audit.record(
              ctx.actor,
              {
                merchantId: ctx.merchantId,
                action: `kyc.decision.${body.decision.toLowerCase()}`,
                targetType: "customer",
                targetId: customer,
                changes: {
                  caseId: req.params.caseId,
                  decision: body.decision,
                  reason: body.reason,
                  document: body.document,
                  limits: body.limits,
                },
                reason: body.note ?? null,
              },
              tx,
            ),
        );
        const customer = await customers.getCustomer(ctx.merchantId, customerId);
        return {
          caseId: req.params.caseId,
          customerId,
          status: customer.kycStatus,
          kycLevel: customer.kycLevel,
        };
      },
    );

    app.get(
      "/admin/v1/kyc/settings",
      {
        config: { permission: "kyc.read" },
        schema: {
          operationId: "adminKycSettings",
          tags,
          description: "Who reviews this merchant's identity checks, and the closed list of reasons.",
          security: operatorSecurity,
          response: { 200: reviewSettingsResponse, ...errors },
        },
      },
      async (req) => {
        const ctx = signedInOperator(req);
        return {
          reviews: await review.reviewMode(ctx.merchantId),
          reasons: Object.entries(REVIEW_REASONS).map(([code, r]) => ({
            code,
            decisions: [...r.decisions],
            kinds: [...r.kinds],
            message: r.message,
          })),
        };
      },
    );

    app.put(
      "/admin/v1/kyc/settings",
      {
        config: { permission: "kyc.settings" },
        schema: {
          operationId: "adminKycSetSettings",
          tags,
          description:
            "manual: cases wait for operators; sandbox (sandbox mode only): the automatic reviewer decides.",
          security: operatorSecurity,
          body: reviewSettings,
          response: { 200: reviewSettings, ...errors },
        },
      },
      async (req) => {
        const ctx = signedInOperator(req);
        const before = await review.reviewMode(ctx.merchantId);
        await review.setReviewMode(ctx.merchantId, req.body.reviews);
        await audit.record(ctx.actor, {
          merchantId: ctx.merchantId,
          action: "kyc.settings",
          targetType: "merchant",
          targetId: ctx.merchantId,
          changes: { reviews: { from: before, to: req.body.reviews } },
        });
        return { reviews: req.body.reviews };
      },
    );
  };
