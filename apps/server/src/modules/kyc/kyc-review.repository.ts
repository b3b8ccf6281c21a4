import type { KycReviewMode, KycStatus, LimitRequestStatus } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import {
  APPLICATION_COLUMNS,
  type ApplicationRow,
  type DecisionRow,
  DOCUMENT_COLUMNS,
  type DocumentRow,
  LIMIT_REQUEST_COLUMNS,
  type LimitRequestRow,
  toDocument,
} from "./kyc.repository.ts";

/** The review queue's SQL (docs/backoffice.md "KYC review"). Every query names the merchant. */
export function createKycReviewRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  const rowsOf = <R extends object>(text: string, params: unknown[]) =>
    db.withClient(async (c) => (await c.query<R>(text, params)).rows);
  return {
    /** Submitted identity checks in `statuses`, oldest submission first (the queue's order). */
    listApplications(merchantId: string, statuses: KycStatus[], limit: number) {
      return rowsOf<ApplicationRow>(
        `select ${APPLICATION_COLUMNS} from kyc_applications where merchant_id = $1 and status = any($2::text[])
         order by coalesce(submitted_at, created_at), id limit $3`,
        [merchantId, statuses, limit],
      );
    },
    listApplicationsById(merchantId: string, id: string) {
      return rowsOf<ApplicationRow>(
        `select ${APPLICATION_COLUMNS} from kyc_applications where merchant_id = $1 and id = $2`,
        [merchantId, id],
      );
    },
    /** One customer's applications and requests, newest first (the customer page's KYC history). */
    applicationsOf(merchantId: string, customerId: string) {
      return rowsOf<ApplicationRow>(
        `select ${APPLICATION_COLUMNS} from kyc_applications where merchant_id = $1 and customer_id = $2
         order by created_at desc`,
        [merchantId, customerId],
      );
    },
    limitRequestsOf(merchantId: string, customerId: string) {
      return rowsOf<LimitRequestRow>(
        `select ${LIMIT_REQUEST_COLUMNS} from kyc_limit_requests where merchant_id = $1 and customer_id = $2
         order by created_at desc`,
        [merchantId, customerId],
      );
    },
    listLimitRequests(merchantId: string, statuses: LimitRequestStatus[], limit: number) {
      return rowsOf<LimitRequestRow>(
        `select ${LIMIT_REQUEST_COLUMNS} from kyc_limit_requests where merchant_id = $1 and status = any($2::text[])
         order by created_at, id limit $3`,
        [merchantId, statuses, limit],
      );
    },
    async findLimitRequest(merchantId: string, id: string): Promise<LimitRequestRow | undefined> {
      const [row] = await rowsOf<LimitRequestRow>(
        `select ${LIMIT_REQUEST_COLUMNS} from kyc_limit_requests where merchant_id = $1 and id = $2`,
        [merchantId, id],
      );
      return row;
    },
    /** An application's documents, newest first, the superseded ones too (the reviewer sees both). */
    async listDocuments(merchantId: string, applicationId: string): Promise<DocumentRow[]> {
      const rows = await rowsOf<DocumentRow & { sizeBytes: string }>(
        `select ${DOCUMENT_COLUMNS} from kyc_documents where merchant_id = $1 and application_id = $2
         order by created_at desc`,
        [merchantId, applicationId],
      );
      return rows.map(toDocument);
    },
    listDecisions(merchantId: string, applicationId: string) {
      return rowsOf<DecisionRow>(
        `select decision_id as "decisionId", application_id as "applicationId", outcome, decided_at as "decidedAt",
           effect, received_at as "receivedAt"
         from kyc_decisions where merchant_id = $1 and application_id = $2 order by received_at`,
        [merchantId, applicationId],
      );
    },
    reviewMode: (merchantId: string) => db.withClient((c) => reviewModeSql(c, merchantId)),
    async setReviewMode(merchantId: string, mode: KycReviewMode) {
      await rowsOf(
        `insert into kyc_review_settings (merchant_id, mode) values ($1, $2)
         on conflict (merchant_id) do update set mode = $2, updated_at = $3`,
        [merchantId, mode, new Date()],
      );
    },
    /** Waiting cases older than `before`: the first page's "late" count. */
    async countWaiting(merchantId: string, before: Date) {
      const [apps] = await rowsOf<{ n: string }>(
        `select count(*) as n from kyc_applications
         where merchant_id = $1 and status = 'IN_PROGRESS' and submitted_at < $2`,
        [merchantId, before],
      );
      const [requests] = await rowsOf<{ n: string }>(
        `select count(*) as n from kyc_limit_requests
         where merchant_id = $1 and status = 'UNDER_REVIEW' and created_at < $2 and decided_at is null`,
        [merchantId, before],
      );
      return Number(apps?.n ?? 0) + Number(requests?.n ?? 0);
    },
  };
}

/** Who reviews the merchant's applications, as stored (none: the default of the mode). */
export async function reviewModeSql(tx: Tx, merchantId: string): Promise<KycReviewMode | undefined> {
  const { rows } = await tx.query<{ mode: KycReviewMode }>(
    "select mode from kyc_review_settings where merchant_id = $1",
    [merchantId],
  );
  return rows[0]?.mode;
}

/** Decides an open request; false when it was decided already. */
export async function decideLimitRequestSql(
  tx: Tx,
  merchantId: string,
  id: string,
  status: "APPROVED" | "REJECTED",
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update kyc_limit_requests set status = $3, decided_at = $4
     where merchant_id = $1 and id = $2 and status = 'UNDER_REVIEW'`,
    [merchantId, id, status, new Date()],
  );
  return (rowCount ?? 0) > 0;
}
