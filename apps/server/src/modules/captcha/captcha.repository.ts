import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { captchaPasses } from "../../db/schema/index.ts";

/** Solved captcha challenges, by the hash of their token, until sign-up spends them. */
export function createCaptchaRepository(db: Db) {
  return {
    async storePass(row: typeof captchaPasses.$inferInsert): Promise<boolean> {
      const rows = await db.insert(captchaPasses).values(row).onConflictDoNothing().returning();
      return rows.length === 1;
    },
    async spendPass(merchantId: string, tokenHash: string): Promise<boolean> {
      const rows = await db
        .update(captchaPasses)
        .set({ spentAt: new Date() })
        .where(
          and(
            eq(captchaPasses.tokenHash, tokenHash),
            eq(captchaPasses.merchantId, merchantId),
            isNull(captchaPasses.spentAt),
            sql`${captchaPasses.expiresAt} > now()`,
          ),
        )
        .returning({ h: captchaPasses.tokenHash });
      return rows.length === 1;
    },
  };
}

export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
