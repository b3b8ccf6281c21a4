import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db, DbTx } from "../../db/database.ts";
import { merchantConfigVersions } from "../../db/schema/index.ts";
import { CONFIG_CHANNEL } from "./merchant-config.types.ts";

export type ConfigVersionRow = typeof merchantConfigVersions.$inferSelect;
export type NewConfigVersionRow = typeof merchantConfigVersions.$inferInsert;

/** The configuration history's SQL: appends and reads (the table refuses anything else). */
export function createMerchantConfigRepository(db: Db) {
  return {
    /** The next version of the merchant; the caller holds the merchant's lock, so no two get one. */
    async nextVersion(tx: DbTx, merchantId: string): Promise<number> {
      const [row] = await tx
        .select({ last: sql<number>`coalesce(max(${merchantConfigVersions.version}), 0)::int` })
        .from(merchantConfigVersions)
        .where(eq(merchantConfigVersions.merchantId, merchantId));
      return (row?.last ?? 0) + 1;
    },
    async append(tx: DbTx, row: NewConfigVersionRow): Promise<ConfigVersionRow> {
      const [stored] = await tx.insert(merchantConfigVersions).values(row).returning();
      if (!stored) throw new Error("configuration version not stored");
      return stored;
    },
    /**
     * Tells every instance (their LISTEN connections) that the merchant's configuration changed.
     * PostgreSQL delivers a notice at commit, and not at all on rollback.
     */
    async notify(tx: DbTx, merchantId: string): Promise<void> {
      await tx.execute(sql`select pg_notify(${CONFIG_CHANNEL}, ${merchantId})`);
    },
    async find(merchantId: string, version: number): Promise<ConfigVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(merchantConfigVersions)
        .where(
          and(eq(merchantConfigVersions.merchantId, merchantId), eq(merchantConfigVersions.version, version)),
        )
        .limit(1);
      return row;
    },
    /** Newest first; `before` pages on (versions older than it). */
    list(q: {
      merchantId: string;
      section?: string | undefined;
      before?: number | undefined;
      limit: number;
    }) {
      const where = [eq(merchantConfigVersions.merchantId, q.merchantId)];
      if (q.section) where.push(eq(merchantConfigVersions.section, q.section as ConfigVersionRow["section"]));
      if (q.before) where.push(lt(merchantConfigVersions.version, q.before));
      return db
        .select()
        .from(merchantConfigVersions)
        .where(and(...where))
        .orderBy(desc(merchantConfigVersions.version))
        .limit(q.limit);
    },
  };
}

export type MerchantConfigRepository = ReturnType<typeof createMerchantConfigRepository>;
