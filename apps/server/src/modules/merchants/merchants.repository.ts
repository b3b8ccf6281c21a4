import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, DbTx } from "../../db/database.ts";
import {
  type BannerPosition,
  merchantBanners,
  merchantFaq,
  merchantFeatureFlags,
  merchants,
} from "../../db/schema/index.ts";

export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;
export type BannerRow = typeof merchantBanners.$inferSelect;
export type NewBannerRow = typeof merchantBanners.$inferInsert;
export type FaqRow = typeof merchantFaq.$inferSelect;
export type NewFaqRow = typeof merchantFaq.$inferInsert;
export type FeatureFlagsRow = typeof merchantFeatureFlags.$inferSelect;
/** What the back-office's configuration changes on the merchant's row (docs/backoffice.md). */
export type MerchantConfigPatch = Partial<
  Pick<
    NewMerchantRow,
    | "settings"
    | "textOverrides"
    | "documents"
    | "social"
    | "supportChatKey"
    | "supportEmail"
    | "supportUrl"
    | "cardPrograms"
  >
>;

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
    /** Every merchant's host names (the KYC widget may be framed by these). */
    /** Every merchant's id and name, by name (the back-office's merchant picker). */
    listTitles(): Promise<{ id: string; title: string }[]> {
      return db.select({ id: merchants.id, title: merchants.title }).from(merchants).orderBy(merchants.title);
    },
    async allHosts(): Promise<string[]> {
      const rows = await db.select({ hosts: merchants.hosts }).from(merchants);
      return rows.flatMap((r) => r.hosts);
    },
    /** The merchant whose support chat account this key is (the sandbox chat vendor's lookup). */
    async findBySupportChatKey(key: string): Promise<MerchantRow | undefined> {
      const [row] = await db.select().from(merchants).where(eq(merchants.supportChatKey, key)).limit(1);
      return row;
    },
    async findDefault(): Promise<MerchantRow | undefined> {
      const [row] = await db.select().from(merchants).where(eq(merchants.isDefault, true)).limit(1);
      return row;
    },
    /** The merchant's row, locked until the transaction ends: configuration changes queue on it. */
    async lockById(tx: DbTx, id: string): Promise<MerchantRow | undefined> {
      const [row] = await tx.select().from(merchants).where(eq(merchants.id, id)).for("update");
      return row;
    },
    async updateConfig(tx: DbTx, id: string, patch: MerchantConfigPatch): Promise<void> {
      await tx.update(merchants).set(patch).where(eq(merchants.id, id));
    },
    /** Seeding is idempotent: an existing merchant (by slug) is left as it is. */
    async insertIfMissing(row: NewMerchantRow): Promise<void> {
      await db.insert(merchants).values(row).onConflictDoNothing({ target: merchants.slug });
    },

    listBanners(merchantId: string, locale: string, position: BannerPosition): Promise<BannerRow[]> {
      return db
        .select()
        .from(merchantBanners)
        .where(
          and(
            eq(merchantBanners.merchantId, merchantId),
            eq(merchantBanners.locale, locale),
            eq(merchantBanners.position, position),
          ),
        )
        .orderBy(asc(merchantBanners.sort), asc(merchantBanners.id));
    },
    listFaq(merchantId: string, locale: string): Promise<FaqRow[]> {
      return db
        .select()
        .from(merchantFaq)
        .where(and(eq(merchantFaq.merchantId, merchantId), eq(merchantFaq.locale, locale)))
        .orderBy(asc(merchantFaq.sort), asc(merchantFaq.id));
    },
    async findFeatureFlags(merchantId: string): Promise<FeatureFlagsRow | undefined> {
      const [row] = await db
        .select()
        .from(merchantFeatureFlags)
        .where(eq(merchantFeatureFlags.merchantId, merchantId))
        .limit(1);
      return row;
    },

    /** Seeded content has fixed ids: a second run inserts nothing and keeps operators' edits. */
    async insertContentIfMissing(content: {
      banners: NewBannerRow[];
      faq: NewFaqRow[];
      featureFlags: FeatureFlagsRow[];
    }): Promise<void> {
      if (content.banners.length > 0)
        await db.insert(merchantBanners).values(content.banners).onConflictDoNothing();
      if (content.faq.length > 0) await db.insert(merchantFaq).values(content.faq).onConflictDoNothing();
      if (content.featureFlags.length > 0) {
        await db.insert(merchantFeatureFlags).values(content.featureFlags).onConflictDoNothing();
      }
    },
  };
}

export type MerchantsRepository = ReturnType<typeof createMerchantsRepository>;
