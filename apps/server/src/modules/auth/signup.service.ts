import { randomBytes } from "node:crypto";
import { v7 as newId } from "uuid";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import type { EmailProvider } from "../../providers/email/email-provider.ts";
import type { CaptchaService } from "../captcha/index.ts";
import type { CustomersService } from "../customers/index.ts";
import { LIMITS, type RateLimitService } from "../ratelimit/index.ts";
import { authErrors } from "./auth.errors.ts";
import type { AuthRepository } from "./auth.repository.ts";
import type { AuthService, RequestContext, SecurityEventRecorder, Signed, TokenSet } from "./auth.service.ts";
import { confirmEmailMessage, EMAIL_LINK_TTL_HOURS } from "./auth-emails.ts";
import { type Codes, resendWaitError, withinResendWait } from "./codes.ts";
import { hashPassword } from "./passwords.ts";
import { type AccessClaims, hashToken } from "./tokens.ts";

export type SignupDeps = {
  db: ClientSource;
  repository: AuthRepository;
  customers: CustomersService;
  codes: Codes;
  limits: RateLimitService;
  auth: AuthService;
  recordSecurityEvent: SecurityEventRecorder;
  captcha: Pick<CaptchaService, "spend">;
  email: EmailProvider;
  /** A new customer's phone is confirmed (money sent to it before they joined may be theirs: modules/claims). */
  onPhoneConfirmed?: (merchantId: string, customerId: string) => Promise<void>;
};

/** A customer's first minutes: sign-up by phone, SMS confirmation, email, referral code. */
export function createSignupService(deps: SignupDeps) {
  const { customers, codes, repository } = deps;

  async function sendEmailLink(ctx: RequestContext, customerId: string, email: string) {
    const { merchant } = ctx;
    // Email is a purpose of its own: its 60-second wait is the links', not any code's.
    const previous = await repository.latestEmailLinkAt(merchant.id, customerId);
    const now = new Date();
    if (previous && withinResendWait(previous, now)) throw resendWaitError(previous, now);
    const hourly = await deps.limits.claim(LIMITS.codesPerPhone, `${merchant.id}:email:${customerId}`);
    const token = randomBytes(32).toString("base64url");
    const stored = await repository.insertEmailTokenAfter(previous, {
      tokenHash: hashToken(token),
      merchantId: merchant.id,
      customerId,
      email,
      expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_HOURS * 3600_000),
      createdAt: now,
    });
    if (!stored) {
      await hourly.giveBack();
      throw resendWaitError((await repository.latestEmailLinkAt(merchant.id, customerId)) ?? now, now);
    }
    // The link opens on the host the customer signed up on (one of their merchant's), so they
    // land in their brand's app, where their session lives.
    await deps.email.send(confirmEmailMessage({ merchant, origin: ctx.origin, email, token }));
  }

  return {
    /**
     * Sign-up. A phone already confirmed gets the same answer as a new one and no code
     * (the reference API's anti-enumeration rule); an unconfirmed one may start over.
     */
    async signUp(
      ctx: RequestContext,
      input: {
        phone: string;
        phoneCountry: string | undefined;
        password: string;
        captchaToken: string | undefined;
      },
      signed: Signed,
    ): Promise<void> {
      const { merchant } = ctx;
      deps.auth.checkSignature(merchant, signed, input.phone, input.password);
      if (!input.captchaToken || !(await deps.captcha.spend(merchant.id, input.captchaToken))) {
        throw authErrors.create("CAPTCHA_INVALID", { field: "X-Captcha-Token" });
      }
      if (input.phoneCountry && merchant.blockedCountries.includes(input.phoneCountry)) {
        throw authErrors.create("PHONE_PREFIX_BLOCKED_FOR_REGISTRATION", { field: "phone" });
      }
      await deps.limits.consume(LIMITS.signupsPerIp, ctx.ip);
      await deps.limits.consume(LIMITS.signupsPerMerchant, merchant.id);
      const passwordHash = await hashPassword(input.password);
      const existing = await customers.findByPhone(merchant.id, input.phone);
      if (existing?.phoneConfirmed) return;
      if (existing) await customers.updateCustomer(merchant.id, existing.id, { passwordHash });
      else
        await customers.createCustomer({
          id: newId(),
          merchantId: merchant.id,
          phone: input.phone,
          passwordHash,
        });
      await codes.send({
        merchantId: merchant.id,
        merchantTitle: merchant.title,
        phone: input.phone,
        purpose: "SIGNUP",
        ip: ctx.ip,
      });
    },

    async resendPhoneCode(ctx: RequestContext, phone: string, signed: Signed): Promise<void> {
      deps.auth.checkSignature(ctx.merchant, signed, phone);
      const customer = await customers.findByPhone(ctx.merchant.id, phone);
      if (!customer) throw authErrors.create("CUSTOMER_NOT_FOUND_EXCEPTION", { field: "phone" });
      if (customer.phoneConfirmed) return;
      await codes.send({
        merchantId: ctx.merchant.id,
        merchantTitle: ctx.merchant.title,
        phone,
        purpose: "SIGNUP",
        ip: ctx.ip,
      });
    },

    /** Step 1 done: the phone is confirmed, this device is known, and the customer is signed in. */
    async confirmPhone(ctx: RequestContext, phone: string, smsCode: string): Promise<TokenSet> {
      const customer = await customers.findByPhone(ctx.merchant.id, phone);
      if (!customer) throw authErrors.create("CUSTOMER_NOT_FOUND_EXCEPTION", { field: "phone" });
      await codes.verify(
        { merchantId: ctx.merchant.id, phone, purpose: "SIGNUP", code: smsCode },
        { incorrect: "CUSTOMER_SMS_CODE_INCORRECT", expired: "CUSTOMER_SMS_CODE_EXPIRED", field: "smsCode" },
      );
      await customers.updateCustomer(ctx.merchant.id, customer.id, { phoneConfirmed: true });
      // Not the sign-up's failure if it fails: the listener has its own way to catch up.
      await deps.onPhoneConfirmed?.(ctx.merchant.id, customer.id).catch(() => undefined);
      if (ctx.deviceId) await customers.rememberDevice(customer.merchantId, customer.id, ctx.deviceId);
      return deps.auth.openSession(ctx, customer.id);
    },

    /** Attaches an email (once; support changes it later) and sends the confirmation link. */
    async addEmail(ctx: RequestContext, claims: AccessClaims, email: string): Promise<void> {
      const customer = await customers.getCustomer(claims.merchantId, claims.customerId);
      if (customer.emailConfirmed) throw authErrors.create("EMAIL_ALREADY_SET", { field: "email" });
      if (await customers.emailTaken(claims.merchantId, email, customer.id)) {
        throw authErrors.create("EMAIL_TAKEN", { field: "email" });
      }
      // The new address and its security event commit together (docs/accounts.md "Security centre").
      await inTransaction(deps.db, async (tx) => {
        await customers.setEmail(tx, claims.merchantId, customer.id, email);
        await deps.recordSecurityEvent(tx, {
          merchantId: claims.merchantId,
          customerId: customer.id,
          kind: "EMAIL_CHANGED",
          sessionId: claims.sessionId,
        });
      });
      await sendEmailLink(ctx, customer.id, email);
    },

    async resendEmail(ctx: RequestContext, claims: AccessClaims): Promise<void> {
      const customer = await customers.getCustomer(claims.merchantId, claims.customerId);
      if (!customer.email) throw authErrors.create("EMAIL_NOT_SET");
      if (customer.emailConfirmed) return;
      await sendEmailLink(ctx, customer.id, customer.email);
    },

    async confirmEmail(merchantId: string, email: string, token: string): Promise<void> {
      const row = await repository.useEmailToken(merchantId, hashToken(token), email);
      if (!row) throw authErrors.create("EMAIL_LINK_INVALID", { field: "token" });
      await customers
        .updateCustomer(merchantId, row.customerId, { email: row.email, emailConfirmed: true })
        .catch(() => {
          throw authErrors.create("EMAIL_LINK_INVALID", { field: "token" });
        });
    },

    /** Another customer's referral code of the same merchant; one's own is refused as unknown. */
    async setReferralCode(claims: AccessClaims, code: string): Promise<void> {
      const customer = await customers.getCustomer(claims.merchantId, claims.customerId);
      if (customer.referralCode) throw authErrors.create("REFERRAL_CODE_ALREADY_SET", { field: "code" });
      const referrer = await customers.findByReferralCode(claims.merchantId, code);
      if (!referrer || referrer.id === customer.id)
        throw authErrors.create("REFERRAL_CODE_UNKNOWN", { field: "code" });
      await customers.updateCustomer(claims.merchantId, customer.id, {
        referralCode: referrer.ownReferralCode,
        referredBy: referrer.id,
      });
    },
  };
}
