import { and, asc, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db, DbTx } from "../../db/database.ts";
import {
  type KycReviewMode,
  type KycStatus,
  kycApplications,
  kycDecisions,
  kycDocuments,
  kycLimitRequests,
  kycReviewSettings,
  type LimitRequestStatus,
} from "../../db/schema/index.ts";

/** The review queue's SQL (docs/backoffice.md "KYC review"). Every query names the merchant. */
export function kycReviewQueries(ex: Db | DbTx) {
  return {
    /** Submitted identity checks in `statuses`, oldest submission first (the queue's order). */
    listApplications(merchantId: string, statuses: KycStatus[], limit: number) {
      return ex
        .select()
        .from(kycApplications)
        .where(and(eq(kycApplications.merchantId, merchantId), inArray(kycApplications.status, statuses)))
        .orderBy(
          asc(sql`coalesce(${kycApplications.submittedAt}, ${kycApplications.createdAt})`),
          asc(kycApplications.id),
        )
        .limit(limit);
    },
    listApplicationsById(merchantId: string, id: string) {
      return ex
        .select()
        .from(kycApplications)
        .where(and(eq(kycApplications.merchantId, merchantId), eq(kycApplications.id, id)));
    },
    /** One customer's applications and requests, newest first (the customer page's KYC history). */
    applicationsOf(merchantId: string, customerId: string) {
      return ex
        .select()
        .from(kycApplications)
        .where(and(eq(kycApplications.merchantId, merchantId), eq(kycApplications.customerId, customerId)))
        .orderBy(desc(kycApplications.createdAt));
    },
    limitRequestsOf(merchantId: string, customerId: string) {
      return ex
        .select()
        .from(kycLimitRequests)
        .where(and(eq(kycLimitRequests.merchantId, merchantId), eq(kycLimitRequests.customerId, customerId)))
        .orderBy(desc(kycLimitRequests.createdAt));
    },
    listLimitRequests(merchantId: string, statuses: LimitRequestStatus[], limit: number) {
      return ex
        .select()
        .from(kycLimitRequests)
        .where(and(eq(kycLimitRequests.merchantId, merchantId), inArray(kycLimitRequests.status, statuses)))
        .orderBy(asc(kycLimitRequests.createdAt), asc(kycLimitRequests.id))
        .limit(limit);
    },
    async findLimitRequest(merchantId: string, id: string) {
      const [row] = await ex
        .select()
        .from(kycLimitRequests)
        .where(and(eq(kycLimitRequests.merchantId, merchantId), eq(kycLimitRequests.id, id)));
      return row;
    },
    /** Decides an open request; false when it was decided already. */
    async decideLimitRequest(merchantId: string, id: string, status: "APPROVED" | "REJECTED") {
      const rows = await ex
        .update(kycLimitRequests)
        .set({ status, decidedAt: new Date() })
        .where(
          and(
            eq(kycLimitRequests.merchantId, merchantId),
            eq(kycLimitRequests.id, id),
            eq(kycLimitRequests.status, "UNDER_REVIEW"),
          ),
        )
        .returning({ id: kycLimitRequests.id });
      return rows.length > 0;
    },
    /** An application's documents, newest first, the superseded ones too (the reviewer sees both). */
    listDocuments(merchantId: string, applicationId: string) {
      return ex
        .select()
        .from(kycDocuments)
        .where(and(eq(kycDocuments.merchantId, merchantId), eq(kycDocuments.applicationId, applicationId)))
        .orderBy(desc(kycDocuments.createdAt));
    },
    listDecisions(applicationId: string) {
      return ex
        .select()
        .from(kycDecisions)
        .where(eq(kycDecisions.applicationId, applicationId))
        .orderBy(asc(kycDecisions.receivedAt));
    },
    async reviewMode(merchantId: string): Promise<KycReviewMode | undefined> {
      const [row] = await ex
        .select()
        .from(kycReviewSettings)
        .where(eq(kycReviewSettings.merchantId, merchantId));
      return row?.mode;
    },
    async setReviewMode(merchantId: string, mode: KycReviewMode) {
      await ex
        .insert(kycReviewSettings)
        .values({ merchantId, mode })
        .onConflictDoUpdate({ target: kycReviewSettings.merchantId, set: { mode, updatedAt: new Date() } });
    },
    /** Waiting cases older than `before`: the first page's "late" count. */
    async countWaiting(merchantId: string, before: Date) {
      const [apps] = await ex
        .select({ n: sql<string>`count(*)` })
        .from(kycApplications)
        .where(
          and(
            eq(kycApplications.merchantId, merchantId),
            eq(kycApplications.status, "IN_PROGRESS"),
            lt(kycApplications.submittedAt, before),
          ),
        );
      const [requests] = await ex
        .select({ n: sql<string>`count(*)` })
        .from(kycLimitRequests)
        .where(
          and(
            eq(kycLimitRequests.merchantId, merchantId),
            eq(kycLimitRequests.status, "UNDER_REVIEW"),
            lt(kycLimitRequests.createdAt, before),
            isNull(kycLimitRequests.decidedAt),
          ),
        );
      return Number(apps?.n ?? 0) + Number(requests?.n ?? 0);
    },
  };
}

export type KycReviewQueries = ReturnType<typeof kycReviewQueries>;
