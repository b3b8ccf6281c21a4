import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db, DbTx } from "../../db/database.ts";
import {
  type KycStatus,
  kycApplications,
  kycCustomers,
  kycDecisions,
  kycDocuments,
  kycLimitRequests,
} from "../../db/schema/index.ts";

export type ApplicationRow = typeof kycApplications.$inferSelect;
export type NewApplicationRow = typeof kycApplications.$inferInsert;
export type DocumentRow = typeof kycDocuments.$inferSelect;
export type NewDocumentRow = typeof kycDocuments.$inferInsert;
export type CustomerStateRow = typeof kycCustomers.$inferSelect;
export type LimitRequestRow = typeof kycLimitRequests.$inferSelect;

type Tx = DbTx;
type Executor = Db | Tx;

/** The queries, on the database or inside a transaction. Every one names the merchant. */
function kycQueries(ex: Executor) {
  return {
    async findState(merchantId: string, customerId: string): Promise<CustomerStateRow | undefined> {
      const [row] = await ex
        .select()
        .from(kycCustomers)
        .where(and(eq(kycCustomers.merchantId, merchantId), eq(kycCustomers.customerId, customerId)));
      return row;
    },
    async saveState(merchantId: string, customerId: string, state: { level: string; status: KycStatus }) {
      await ex
        .update(kycCustomers)
        .set({ ...state, updatedAt: new Date() })
        .where(and(eq(kycCustomers.merchantId, merchantId), eq(kycCustomers.customerId, customerId)));
    },
    /** Newest first: a customer has a handful, so all of them are read. */
    listApplications(merchantId: string, customerId: string): Promise<ApplicationRow[]> {
      return ex
        .select()
        .from(kycApplications)
        .where(and(eq(kycApplications.merchantId, merchantId), eq(kycApplications.customerId, customerId)))
        .orderBy(desc(kycApplications.createdAt), desc(kycApplications.id));
    },
    /** The customer's limit-increase requests, newest first. */
    listLimitRequests(merchantId: string, customerId: string): Promise<LimitRequestRow[]> {
      return ex
        .select()
        .from(kycLimitRequests)
        .where(and(eq(kycLimitRequests.merchantId, merchantId), eq(kycLimitRequests.customerId, customerId)))
        .orderBy(desc(kycLimitRequests.createdAt), desc(kycLimitRequests.id));
    },
    async insertLimitRequest(row: typeof kycLimitRequests.$inferInsert): Promise<LimitRequestRow> {
      const [created] = await ex.insert(kycLimitRequests).values(row).returning();
      return created as LimitRequestRow;
    },
    async findApplication(merchantId: string, id: string): Promise<ApplicationRow | undefined> {
      const [row] = await ex
        .select()
        .from(kycApplications)
        .where(and(eq(kycApplications.merchantId, merchantId), eq(kycApplications.id, id)));
      return row;
    },
    async insertApplication(row: NewApplicationRow): Promise<ApplicationRow> {
      const [created] = await ex.insert(kycApplications).values(row).returning();
      return created as ApplicationRow;
    },
    async updateApplication(id: string, patch: Partial<NewApplicationRow>): Promise<void> {
      await ex
        .update(kycApplications)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(kycApplications.id, id));
    },
    /** Records a decision; false when its id was recorded before (a repeated callback). */
    async recordDecision(row: typeof kycDecisions.$inferInsert): Promise<boolean> {
      const inserted = await ex
        .insert(kycDecisions)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: kycDecisions.decisionId });
      return inserted.length > 0;
    },
    /** The documents of an application that no newer upload of the same type replaced. */
    listCurrentDocuments(applicationId: string): Promise<DocumentRow[]> {
      return ex
        .select()
        .from(kycDocuments)
        .where(and(eq(kycDocuments.applicationId, applicationId), isNull(kycDocuments.supersededAt)))
        .orderBy(desc(kycDocuments.createdAt));
    },
    async insertDocument(row: NewDocumentRow): Promise<void> {
      // The newest upload of a type wins; the older one stays for the record, marked superseded.
      await ex
        .update(kycDocuments)
        .set({ supersededAt: new Date() })
        .where(
          and(
            eq(kycDocuments.applicationId, row.applicationId),
            eq(kycDocuments.docType, row.docType),
            isNull(kycDocuments.supersededAt),
          ),
        );
      await ex.insert(kycDocuments).values(row);
    },
    async findDocument(merchantId: string, customerId: string, id: string): Promise<DocumentRow | undefined> {
      const [row] = await ex
        .select()
        .from(kycDocuments)
        .where(
          and(
            eq(kycDocuments.merchantId, merchantId),
            eq(kycDocuments.customerId, customerId),
            eq(kycDocuments.id, id),
          ),
        );
      return row;
    },
    /** True when another customer of the merchant uploaded a file with this checksum. */
    async checksumUsedByAnother(merchantId: string, customerId: string, sha256: string): Promise<boolean> {
      const rows = await ex
        .select({ id: kycDocuments.id })
        .from(kycDocuments)
        .where(
          and(
            eq(kycDocuments.merchantId, merchantId),
            eq(kycDocuments.sha256, sha256),
            ne(kycDocuments.customerId, customerId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type KycQueries = ReturnType<typeof kycQueries>;

export function createKycRepository(db: Db) {
  return {
    ...kycQueries(db),
    /**
     * Runs `work` in a transaction holding the lock on the customer's kyc_customers row (made on
     * first use with `initial`), so changes to one customer's verification apply one at a time.
     */
    inCustomerLock<T>(
      key: { merchantId: string; customerId: string; initial: { level: string; status: KycStatus } },
      work: (q: KycQueries, state: CustomerStateRow, tx: Tx) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx
          .insert(kycCustomers)
          .values({ merchantId: key.merchantId, customerId: key.customerId, ...key.initial })
          .onConflictDoNothing();
        const locked = await tx.execute<CustomerStateRow>(sql`
          select customer_id as "customerId", merchant_id as "merchantId", level, status,
                 updated_at as "updatedAt"
          from kyc_customers where customer_id = ${key.customerId} and merchant_id = ${key.merchantId}
          for update`);
        const state = locked.rows[0];
        if (!state) throw new Error("customer of another merchant");
        return work(kycQueries(tx), state, tx);
      });
    },
  };
}

export type KycRepository = ReturnType<typeof createKycRepository>;
