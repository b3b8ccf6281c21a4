import { createHash } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import type { CaptchaRepository } from "./captcha.repository.ts";

const CHALLENGE_TTL_MS = 5 * 60_000;
// About 50,000 SHA-256 hashes on average: a fraction of a second for a person's browser, a real
// cost for a script signing up thousands of accounts.
const MAX_NUMBER = 100_000;

/** A spent pass is stored as its SHA-256 only, so the table never holds a pass that could be replayed. */
function hashPass(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Self-hosted proof-of-work captcha (ALTCHA). A solved challenge may be spent once by sign-up. */
export function createCaptchaService(deps: { repository: CaptchaRepository; hmacKey: string }) {
  return {
    newChallenge() {
      return createChallenge({
        hmacKey: deps.hmacKey,
        maxNumber: MAX_NUMBER,
        expires: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
    },
    /** True when the solution is right, fresh and seen for the first time; then sign-up may spend it. */
    async verify(merchantId: string, token: string): Promise<boolean> {
      const ok = await verifySolution(token, deps.hmacKey, true).catch(() => false);
      if (!ok) return false;
      return deps.repository.storePass({
        tokenHash: hashPass(token),
        merchantId,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
    },
    /** Spends a pass once (sign-up): false when it is unknown, expired or spent already. */
    spend: (merchantId: string, token: string) => deps.repository.spendPass(merchantId, hashPass(token)),
    /** Deletes passes expired over a day ago: sign-up refuses them already; the day is for support. */
    purgeExpired: () => deps.repository.purgeExpiredBefore(new Date(Date.now() - 24 * 3600_000)),
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
