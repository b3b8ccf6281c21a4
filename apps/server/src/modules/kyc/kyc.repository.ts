import type { KycApplicationKind, KycStatus, LimitRequestStatus } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";

export type ApplicationRow = {
  id: string;
  merchantId: string;
  customerId: string;
  kind: KycApplicationKind;
  targetLevel: string;
  status: KycStatus;
  submittedAt: Date | null;
  decidedAt: Date | null;
  rejectReasons: string[];
  rejectMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
};
export type NewApplicationRow = Pick<
  ApplicationRow,
  "id" | "merchantId" | "customerId" | "kind" | "targetLevel" | "status"
>;
/** What a decision or a submission changes of an application. */
export type ApplicationPatch = Partial<
  Pick<ApplicationRow, "status" | "submittedAt" | "decidedAt" | "rejectReasons" | "rejectMessage">
>;

export type DocumentRow = {
  id: string;
  merchantId: string;
  customerId: string;
  applicationId: string;
  docType: string;
  /** YYYY-MM-DD, as stored (a date, never shifted by a time zone). */
  issuedDate: string | null;
  issuedCountry: string | null;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  blobKey: string;
  supersededAt: Date | null;
  createdAt: Date;
};
export type NewDocumentRow = Omit<DocumentRow, "supersededAt" | "createdAt">;

export type CustomerStateRow = {
  customerId: string;
  merchantId: string;
  level: string;
  status: KycStatus;
  updatedAt: Date;
};

export type LimitRequestRow = {
  merchantId: string;
  id: string;
  customerId: string;
  status: LimitRequestStatus;
  createdAt: Date;
  decidedAt: Date | null;
};

export type DecisionRow = {
  decisionId: string;
  applicationId: string;
  outcome: string;
  decidedAt: Date;
  effect: string;
  receivedAt: Date;
};

// Column lists with camel-case aliases, shared by every read of the table (kyc-review's too).
export const APPLICATION_COLUMNS = `id, merchant_id as "merchantId", customer_id as "customerId", kind,
  target_level as "targetLevel", status, submitted_at as "submittedAt", decided_at as "decidedAt",
  reject_reasons as "rejectReasons", reject_message as "rejectMessage", created_at as "createdAt",
  updated_at as "updatedAt"`;
// `issued_date` as text: node-postgres would make a date a Date at local midnight.
export const DOCUMENT_COLUMNS = `id, merchant_id as "merchantId", customer_id as "customerId",
  application_id as "applicationId", doc_type as "docType", issued_date::text as "issuedDate",
  issued_country as "issuedCountry", content_type as "contentType", size_bytes as "sizeBytes", sha256,
  blob_key as "blobKey", superseded_at as "supersededAt", created_at as "createdAt"`;
export const LIMIT_REQUEST_COLUMNS = `merchant_id as "merchantId", id, customer_id as "customerId", status,
  created_at as "createdAt", decided_at as "decidedAt"`;

/** bigint comes back as a string; a document's size is far below 2^53. */
export const toDocument = (r: Omit<DocumentRow, "sizeBytes"> & { sizeBytes: string }): DocumentRow => ({
  ...r,
  sizeBytes: Number(r.sizeBytes),
});

/** Newest first: a customer has a handful, so all of them are read. */
export async function listApplicationsSql(tx: Tx, merchantId: string, customerId: string) {
  const { rows } = await tx.query<ApplicationRow>(
    `select ${APPLICATION_COLUMNS} from kyc_applications where merchant_id = $1 and customer_id = $2
     order by created_at desc, id desc`,
    [merchantId, customerId],
  );
  return rows;
}

/** The customer's limit-increase requests, newest first. */
export async function listLimitRequestsSql(tx: Tx, merchantId: string, customerId: string) {
  const { rows } = await tx.query<LimitRequestRow>(
    `select ${LIMIT_REQUEST_COLUMNS} from kyc_limit_requests where merchant_id = $1 and customer_id = $2
     order by created_at desc, id desc`,
    [merchantId, customerId],
  );
  return rows;
}

export async function insertLimitRequestSql(
  tx: Tx,
  row: Pick<LimitRequestRow, "merchantId" | "id" | "customerId" | "status">,
): Promise<LimitRequestRow> {
  const { rows } = await tx.query<LimitRequestRow>(
    `insert into kyc_limit_requests (merchant_id, id, customer_id, status) values ($1, $2, $3, $4)
     returning ${LIMIT_REQUEST_COLUMNS}`,
    [row.merchantId, row.id, row.customerId, row.status],
  );
  return rows[0] as LimitRequestRow;
}

export async function findApplicationSql(
  tx: Tx,
  merchantId: string,
  id: string,
): Promise<ApplicationRow | undefined> {
  const { rows } = await tx.query<ApplicationRow>(
    `select ${APPLICATION_COLUMNS} from kyc_applications where merchant_id = $1 and id = $2`,
    [merchantId, id],
  );
  return rows[0];
}

export async function insertApplicationSql(tx: Tx, row: NewApplicationRow): Promise<void> {
  await tx.query(
    `insert into kyc_applications (id, merchant_id, customer_id, kind, target_level, status)
     values ($1, $2, $3, $4, $5, $6)`,
    [row.id, row.merchantId, row.customerId, row.kind, row.targetLevel, row.status],
  );
}

const PATCH_COLUMNS: Record<keyof ApplicationPatch, string> = {
  status: "status",
  submittedAt: "submitted_at",
  decidedAt: "decided_at",
  rejectReasons: "reject_reasons",
  rejectMessage: "reject_message",
};

export async function updateApplicationSql(
  tx: Tx,
  merchantId: string,
  id: string,
  patch: ApplicationPatch,
): Promise<void> {
  const fields = (Object.keys(patch) as (keyof ApplicationPatch)[]).filter((k) => patch[k] !== undefined);
  const sets = fields.map((k, i) => `${PATCH_COLUMNS[k]} = $${i + 4}`);
  await tx.query(
    `update kyc_applications set ${[...sets, "updated_at = $2"].join(", ")} where merchant_id = $3 and id = $1`,
    [id, new Date(), merchantId, ...fields.map((k) => patch[k])],
  );
}

/** Records a decision; false when its id was recorded before (a repeated callback). */
export async function recordDecisionSql(
  tx: Tx,
  row: Pick<DecisionRow, "decisionId" | "applicationId" | "outcome" | "decidedAt" | "effect"> & {
    merchantId: string;
  },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `insert into kyc_decisions (decision_id, merchant_id, application_id, outcome, decided_at, effect)
     values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
    [row.decisionId, row.merchantId, row.applicationId, row.outcome, row.decidedAt, row.effect],
  );
  return (rowCount ?? 0) > 0;
}

/** The documents of an application that no newer upload of the same type replaced. */
export async function listCurrentDocumentsSql(
  tx: Tx,
  merchantId: string,
  applicationId: string,
): Promise<DocumentRow[]> {
  const { rows } = await tx.query(
    `select ${DOCUMENT_COLUMNS} from kyc_documents
     where merchant_id = $2 and application_id = $1 and superseded_at is null
     order by created_at desc`,
    [applicationId, merchantId],
  );
  return rows.map(toDocument);
}

export async function insertDocumentSql(tx: Tx, row: NewDocumentRow): Promise<void> {
  // The newest upload of a type wins; the older one stays for the record, marked superseded.
  await tx.query(
    `update kyc_documents set superseded_at = $3
     where merchant_id = $4 and application_id = $1 and doc_type = $2 and superseded_at is null`,
    [row.applicationId, row.docType, new Date(), row.merchantId],
  );
  await tx.query(
    `insert into kyc_documents (id, merchant_id, customer_id, application_id, doc_type, issued_date,
       issued_country, content_type, size_bytes, sha256, blob_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.id,
      row.merchantId,
      row.customerId,
      row.applicationId,
      row.docType,
      row.issuedDate,
      row.issuedCountry,
      row.contentType,
      row.sizeBytes,
      row.sha256,
      row.blobKey,
    ],
  );
}

/** The customer's state row as it now is; they queue on its lock. */
export async function saveStateSql(
  tx: Tx,
  merchantId: string,
  customerId: string,
  state: { level: string; status: KycStatus },
): Promise<void> {
  await tx.query(
    `update kyc_customers set level = $3, status = $4, updated_at = $5
     where merchant_id = $1 and customer_id = $2`,
    [merchantId, customerId, state.level, state.status, new Date()],
  );
}

/**
 * Locks the customer's kyc_customers row until the transaction ends (made on first use with
 * `initial`), so changes to one customer's verification apply one at a time.
 */
export async function lockCustomerStateSql(
  tx: Tx,
  key: { merchantId: string; customerId: string; initial: { level: string; status: KycStatus } },
): Promise<CustomerStateRow> {
  await tx.query(
    `insert into kyc_customers (customer_id, merchant_id, level, status) values ($1, $2, $3, $4)
     on conflict do nothing`,
    [key.customerId, key.merchantId, key.initial.level, key.initial.status],
  );
  const { rows } = await tx.query<CustomerStateRow>(
    `select customer_id as "customerId", merchant_id as "merchantId", level, status, updated_at as "updatedAt"
     from kyc_customers where customer_id = $1 and merchant_id = $2
     for update`,
    [key.customerId, key.merchantId],
  );
  const state = rows[0];
  if (!state) throw new Error("customer of another merchant");
  return state;
}

/** The reads of the module outside a change, each on a pooled connection. Every one names the merchant. */
export function createKycRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    listApplications: (merchantId: string, customerId: string) =>
      db.withClient((c) => listApplicationsSql(c, merchantId, customerId)),
    listLimitRequests: (merchantId: string, customerId: string) =>
      db.withClient((c) => listLimitRequestsSql(c, merchantId, customerId)),
    findApplication: (merchantId: string, id: string) =>
      db.withClient((c) => findApplicationSql(c, merchantId, id)),
    async findDocument(merchantId: string, customerId: string, id: string): Promise<DocumentRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query(
          `select ${DOCUMENT_COLUMNS} from kyc_documents where merchant_id = $1 and customer_id = $2 and id = $3`,
          [merchantId, customerId, id],
        ),
      );
      return rows[0] ? toDocument(rows[0]) : undefined;
    },
    /** True when another customer of the merchant uploaded a file with this checksum. */
    async checksumUsedByAnother(merchantId: string, customerId: string, sha256: string): Promise<boolean> {
      const { rows } = await db.withClient((c) =>
        c.query(
          "select id from kyc_documents where merchant_id = $1 and sha256 = $2 and customer_id <> $3 limit 1",
          [merchantId, sha256, customerId],
        ),
      );
      return rows.length > 0;
    },
  };
}

export type KycRepository = ReturnType<typeof createKycRepository>;
