import { createHmac, randomInt } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import type { SmsProvider } from "../../providers/sms/sms-provider.ts";
import { LIMITS, type RateLimitService } from "../ratelimit/index.ts";
import { authErrors } from "./auth.errors.ts";
import type { AuthRepository } from "./auth.repository.ts";

export type CodePurpose =
  | "SIGNUP"
  | "NEW_DEVICE"
  | "PASSWORD_RESET"
  | "SEND_CONFIRMATION"
  | "IBAN_WITHDRAWAL"
  | "CARD_DETAILS"
  | "CARD_SOFT_BLOCK"
  | "CARD_SOFT_UNBLOCK";

/**
 * Spec §9: 4 digits, 5 minutes, 5 tries, a new one after 60 s. The wait, like the
 * hourly count, is per purpose: a code for one thing never holds back another's.
 */
const CODE_RULES = { length: 4, ttlSeconds: 300, maxAttempts: 5, resendAfterSeconds: 60 } as const;

/** The 429 of a resend asked for within the wait of what was sent at `sentAt` (codes and email links). */
export function resendWaitError(sentAt: Date, now: Date) {
  const waited = (now.getTime() - sentAt.getTime()) / 1000;
  const retry = Math.max(1, Math.ceil(CODE_RULES.resendAfterSeconds - waited));
  return authErrors.create("SMS_CODE_DELAY_NOT_REACHED", {
    headers: { "retry-after": String(retry) },
    data: { retryAfter: retry },
  });
}

/** Whether something sent at `sentAt` still holds back the next one of its purpose. */
export const withinResendWait = (sentAt: Date, now: Date) =>
  now.getTime() - sentAt.getTime() < CODE_RULES.resendAfterSeconds * 1000;

const TEXTS: Record<CodePurpose, (title: string, code: string) => string> = {
  SIGNUP: (t, c) => `${c} is your ${t} sign-up code. It expires in 5 minutes. Never share it.`,
  NEW_DEVICE: (t, c) =>
    `${c} is your ${t} code to sign in on a new device. If this wasn't you, change your password.`,
  PASSWORD_RESET: (t, c) =>
    `${c} is your ${t} password reset code. If you didn't ask for it, ignore this message.`,
  SEND_CONFIRMATION: (t, c) =>
    `${c} is your ${t} code to confirm a transfer. If you didn't start one, change your password.`,
  IBAN_WITHDRAWAL: (t, c) =>
    `${c} is your ${t} code to confirm a withdrawal to a bank account. If you didn't start one, change your password.`,
  CARD_DETAILS: (t, c) =>
    `${c} is your ${t} code to show your card details. Never share it, not even with us.`,
  CARD_SOFT_BLOCK: (t, c) => `${c} is your ${t} code to block your card. Never share it.`,
  CARD_SOFT_UNBLOCK: (t, c) =>
    `${c} is your ${t} code to unblock your card. If you didn't ask for it, keep the card blocked.`,
};

type CodeErrors = {
  incorrect: "CUSTOMER_SMS_CODE_INCORRECT" | "CUSTOMER_VERIFICATION_CODE_INCORRECT";
  expired: "CUSTOMER_SMS_CODE_EXPIRED" | "CUSTOMER_VERIFICATION_CODE_EXPIRED";
  field: string;
};

/**
 * One-time SMS codes. Stored as an HMAC under a server secret, so a database copy alone does not
 * reveal live codes; the text goes only to the SMS provider, never to a log.
 */
export function createCodes(deps: {
  repository: AuthRepository;
  sms: SmsProvider;
  limits: RateLimitService;
  secret: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const hashCode = (id: string, code: string) =>
    createHmac("sha256", deps.secret).update(`${id}:${code}`).digest("hex");

  return {
    async send(p: {
      merchantId: string;
      merchantTitle: string;
      phone: string;
      purpose: CodePurpose;
      ip: string;
    }) {
      const last = await deps.repository.latestCode(p.merchantId, p.phone, p.purpose);
      if (last && withinResendWait(last.createdAt, now())) throw resendWaitError(last.createdAt, now());
      // The hourly count is the purpose's own too: a customer who used five flows within the hour
      // could otherwise not reset a password. The per-address count stays shared.
      const hourly = await deps.limits.claim(LIMITS.codesPerPhone, `${p.merchantId}:${p.phone}:${p.purpose}`);
      await deps.limits.consume(LIMITS.codeSendsPerIp, p.ip);
      const id = uuidv7();
      const code = String(randomInt(0, 10 ** CODE_RULES.length)).padStart(CODE_RULES.length, "0");
      const stored = await deps.repository.insertCodeAfter(last, {
        id,
        merchantId: p.merchantId,
        phone: p.phone,
        purpose: p.purpose,
        codeHash: hashCode(id, code),
        expiresAt: new Date(now().getTime() + CODE_RULES.ttlSeconds * 1000),
        createdAt: now(),
      });
      // A concurrent request sent the code that follows `last` a moment ago: its wait applies,
      // and this request, which sent nothing, gives back its place in the hourly count.
      if (!stored) {
        await hourly.giveBack();
        const winner = await deps.repository.latestCode(p.merchantId, p.phone, p.purpose);
        throw resendWaitError(winner?.createdAt ?? now(), now());
      }
      await deps.sms.send({
        merchantId: p.merchantId,
        phone: p.phone,
        body: TEXTS[p.purpose](p.merchantTitle, code),
      });
    },

    /**
     * Checks the newest code of this purpose and consumes it when right. `consume: false` only
     * checks (the reset flow checks the code, then uses it with the new password).
     */
    async verify(
      p: { merchantId: string; phone: string; purpose: CodePurpose; code: string; consume?: boolean },
      errors: CodeErrors,
    ): Promise<void> {
      const row = await deps.repository.latestCode(p.merchantId, p.phone, p.purpose);
      if (!row || row.consumedAt) throw authErrors.create(errors.expired, { field: errors.field });
      if (row.expiresAt.getTime() <= now().getTime())
        throw authErrors.create(errors.expired, { field: errors.field });
      const counted = await deps.repository.countCodeAttempt(p.merchantId, row.id, CODE_RULES.maxAttempts);
      if (!counted)
        throw authErrors.create("CUSTOMER_EXCEEDED_NUMBER_OF_PIN_ATTEMPTS", { field: errors.field });
      if (counted.codeHash !== hashCode(row.id, p.code)) {
        const left = CODE_RULES.maxAttempts - counted.attempts;
        if (left <= 0)
          throw authErrors.create("CUSTOMER_EXCEEDED_NUMBER_OF_PIN_ATTEMPTS", { field: errors.field });
        throw authErrors.create(errors.incorrect, { field: errors.field, data: { attemptsLeft: left } });
      }
      // The right code is spent, so it cannot be used twice (two racing requests: one wins).
      if (p.consume !== false && !(await deps.repository.consumeCode(p.merchantId, row.id))) {
        throw authErrors.create(errors.expired, { field: errors.field });
      }
    },
  };
}

export type Codes = ReturnType<typeof createCodes>;
