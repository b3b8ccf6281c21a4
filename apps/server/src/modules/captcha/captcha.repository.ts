import type { ClientSource } from "../../db/transaction.ts";

export type CaptchaPassRow = { tokenHash: string; merchantId: string; expiresAt: Date };

/** Solved captcha challenges, by the hash of their token, until sign-up spends them. */
export function createCaptchaRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    /** False when the pass was stored already (a token shown twice). */
    async storePass(row: CaptchaPassRow): Promise<boolean> {
      const { rowCount } = await db.withClient((c) =>
        c.query(
          `insert into captcha_passes (token_hash, merchant_id, expires_at) values ($1, $2, $3)
           on conflict do nothing`,
          [row.tokenHash, row.merchantId, row.expiresAt],
        ),
      );
      return rowCount === 1;
    },
    /** Spends an unexpired pass of this merchant once: false when there is none (or it is spent). */
    async spendPass(merchantId: string, tokenHash: string): Promise<boolean> {
      const { rowCount } = await db.withClient((c) =>
        c.query(
          `update captcha_passes set spent_at = $3
           where token_hash = $2 and merchant_id = $1 and spent_at is null and expires_at > now()`,
          [merchantId, tokenHash, new Date()],
        ),
      );
      return rowCount === 1;
    },
    /** Deletes the passes that expired before `before`, spent or not; answers how many. */
    async purgeExpiredBefore(before: Date): Promise<number> {
      const { rowCount } = await db.withClient((c) =>
        c.query("delete from captcha_passes where expires_at < $1", [before]),
      );
      return rowCount ?? 0;
    },
  };
}

export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
