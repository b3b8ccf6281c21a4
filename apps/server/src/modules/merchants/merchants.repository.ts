import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { merchants } from "../../db/schema/index.ts";

export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;

export function createMerchantsRepository(db: Db) {
  return {
    async findById(id: string): Promise<MerchantRow | undefined> {
      const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
      return row;
    },
    async findByHost(host: string): Promise<MerchantRow | undefined> {
      const [row] = await db.select().from(merchants).where(sql`${host} = any(${merchants.hosts})`).limit(1);
      return row;
    },
    async findDefault(): Promise<MerchantRow | undefined> {
      const [row] = await db.select().from(merchants).where(eq(merchants.isDefault, true)).limit(1);
      return row;
    },
    /** Seeding is idempotent: an existing merchant (by slug) is left as it is. */
    async insertIfMissing(row: NewMerchantRow): Promise<void> {
      await db.insert(merchants).values(row).onConflictDoNothing({ target: merchants.slug });
    },
  };
}

export type MerchantsRepository = ReturnType<typeof createMerchantsRepository>;
