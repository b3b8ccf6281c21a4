import { v7 as uuidv7 } from "uuid";
import { createBoundedCache } from "../../bounded-cache.ts";
import type { Config } from "../../config.ts";
import type { SecurityEvent } from "../../db/schema/security.ts";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import type { CustomersService } from "../customers/index.ts";
import type { LocationService } from "../location/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { LIMITS, type RateLimitService } from "../ratelimit/index.ts";
import { authErrors } from "./auth.errors.ts";
import {
  type AuthRepository,
  holdLiveSessionSql,
  insertRefreshTokenSql,
  insertSessionSql,
  liveSessionsSql,
  revokeSessionsSql,
  touchSessionSql,
} from "./auth.repository.ts";
import type { Codes } from "./codes.ts";
import { deviceLabel } from "./device-label.ts";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./passwords.ts";
import { computeSignature, signatureMatches } from "./signature.ts";
import {
  type AccessClaims,
  type AccessTokens,
  hashToken,
  newRefreshToken,
  type VerifiedClaims,
} from "./tokens.ts";

export type TokenSet = {
  access_token: string;
  token_type: "bearer";
  refresh_token: string;
  expires_in: number;
  scope: string;
  jti: string;
};

export type RequestContext = {
  merchant: Merchant;
  ip: string;
  deviceId: string | undefined;
  /** The User-Agent header: the security centre names the device from it. */
  userAgent: string | undefined;
  /** Where links sent to the customer lead (merchants' `customerFacingOrigin`). */
  origin: string;
};

/** A sign-in on a device this customer had not used: the security centre sends its alert. */
export type NewDeviceSignIn = {
  customerId: string;
  sessionId: string;
  device: string | null;
  country: string | null;
};
export type Signed = { fingerprint: string | undefined; signature: string | undefined };

const SIGN_IN_FAILURES_BEFORE_LOCK = 10;
const LOCK_MINUTES = 15;
/**
 * How long after a refresh token's use the same token may come again because the answer to that
 * use was lost (the browser kept the old cookie): 30 seconds, as identity providers' "reuse
 * interval" commonly is. Longer would widen the window a stolen token can be used unnoticed.
 */
const LOST_ANSWER_GRACE_SECONDS = 30;

/** Writes one event of the security record with the caller's transaction (modules/security). */
export type SecurityEventRecorder = (tx: Tx, event: SecurityEvent) => Promise<void>;

export type AuthDeps = {
  config: Config;
  db: ClientSource;
  repository: AuthRepository;
  location: Pick<LocationService, "locateClient">;
  /** Writes a security event in the caller's transaction: the security module's record, handed in. */
  recordSecurityEvent: SecurityEventRecorder;
  /** Late-bound to the security centre's new-device alert (it composes this service). */
  onNewDevice?: (ctx: RequestContext, signIn: NewDeviceSignIn) => Promise<void>;
  customers: CustomersService;
  codes: Codes;
  limits: RateLimitService;
  tokens: AccessTokens;
};

/** Sessions and credentials: sign-in, tokens, devices, sign-out, password change and reset. */
export function createAuthService(deps: AuthDeps) {
  const { repository, customers, codes, tokens } = deps;
  const verifiedTokens = cacheVerifiedTokens(tokens);

  async function verifiedToken(token: string): Promise<VerifiedClaims> {
    const claims = await verifiedTokens.verify(token);
    if (!claims) throw authErrors.create("INVALID_TOKEN");
    return claims;
  }

  // Sessions whose last activity this instance moved within the minute: no write per request.
  const recentlyTouched = createBoundedCache<string, true>({ max: 100_000 });

  async function assertSessionLive(claims: VerifiedClaims): Promise<void> {
    if (!(await repository.isSessionActive(claims.merchantId, claims.sessionId, claims.customerId))) {
      throw authErrors.create("INVALID_TOKEN");
    }
    if (!recentlyTouched.get(claims.sessionId)) {
      recentlyTouched.set(claims.sessionId, true, Date.now() + 60_000);
      await deps.db.withClient((c) => touchSessionSql(c, claims.merchantId, claims.sessionId));
    }
  }

  /** The country of the address, when it has one (loopback and private ones have none). */
  async function countryOf(ctx: RequestContext): Promise<string | null> {
    const place = await deps.location.locateClient({ merchant: ctx.merchant, ip: ctx.ip });
    return place.detected ? place.country : null;
  }

  /**
   * Opens a session on a device and answers its first token pair. The session, its first refresh
   * token and the SIGN_IN security event commit together. `newDevice`: the customer had never
   * used this device, so the security centre's alert goes out once the session exists.
   */
  async function openSession(
    ctx: RequestContext,
    customerId: string,
    how: { newDevice: boolean } = { newDevice: false },
  ): Promise<TokenSet> {
    const merchantId = ctx.merchant.id;
    const sessionId = uuidv7();
    const device = deviceLabel(ctx.userAgent);
    const country = await countryOf(ctx);
    // A customer an operator blocked gets no session, whichever way they come (docs/backoffice.md).
    const issued = await newTokens(merchantId, customerId, sessionId);
    await inTransaction(deps.db, async (tx) => {
      await insertSessionSql(tx, {
        id: sessionId,
        merchantId,
        customerId,
        deviceId: ctx.deviceId ?? null,
        deviceLabel: device,
        country,
      });
      await insertRefreshTokenSql(tx, issued.refresh);
      await deps.recordSecurityEvent(tx, {
        merchantId,
        customerId,
        kind: "SIGN_IN",
        sessionId,
        details: {
          ...(device ? { device } : {}),
          ...(country ? { country } : {}),
          ...(how.newDevice ? { newDevice: "yes" } : {}),
        },
      });
    });
    if (how.newDevice && deps.onNewDevice) {
      // The customer is signed in either way: an alert that could not be sent does not undo it
      // (the SIGN_IN event in the security centre still names the new device).
      await deps.onNewDevice(ctx, { customerId, sessionId, device, country }).catch(() => undefined);
    }
    return issued.set;
  }

  /** A rotation's token pair: the new refresh token stored, the session's activity moved. */
  async function issueTokens(merchantId: string, customerId: string, sessionId: string): Promise<TokenSet> {
    const issued = await newTokens(merchantId, customerId, sessionId);
    await inTransaction(deps.db, async (tx) => {
      await insertRefreshTokenSql(tx, issued.refresh);
      await touchSessionSql(tx, merchantId, sessionId);
    });
    return issued.set;
  }

  async function newTokens(merchantId: string, customerId: string, sessionId: string) {
    const customer = await customers.getCustomer(merchantId, customerId);
    if (customer.blockedAt) throw authErrors.create("ACCOUNT_BLOCKED");
    const access = await tokens.sign({
      customerId,
      merchantId,
      sessionId,
      kycLevel: customer.kycLevel,
      phone: customer.phone,
    });
    const refresh = newRefreshToken();
    const expiresAt = new Date(Date.now() + deps.config.refreshTokenTtlDays * 86400_000);
    const set: TokenSet = {
      access_token: access.token,
      token_type: "bearer",
      refresh_token: refresh.token,
      expires_in: tokens.ttlSeconds,
      scope: "read write",
      jti: access.jti,
    };
    return { set, refresh: { tokenHash: refresh.hash, merchantId, sessionId, expiresAt } };
  }

  /** The request signature of spec §6: refused with its reason when missing or wrong. */
  function checkSignature(merchant: Merchant, signed: Signed, phone: string, password?: string) {
    if (!signed.fingerprint)
      throw authErrors.create("SIGNATURE_INVALID", {
        field: "X-Fingerprint",
        message: "X-Fingerprint: missing",
      });
    if (!signed.signature)
      throw authErrors.create("SIGNATURE_INVALID", { field: "X-Signature", message: "X-Signature: missing" });
    const expected = computeSignature(merchant.signingKey, {
      fingerprint: signed.fingerprint,
      phone,
      password,
    });
    if (!signatureMatches(expected, signed.signature)) {
      throw authErrors.create("SIGNATURE_INVALID", {
        field: "X-Signature",
        message: "X-Signature: does not match the request",
      });
    }
  }

  return {
    openSession,
    checkSignature,

    /** Who a bearer token speaks for; a revoked session's tokens die at once, not at expiry. */
    async authenticate(token: string): Promise<VerifiedClaims> {
      const claims = await verifiedToken(token);
      await assertSessionLive(claims);
      return claims;
    },

    /**
     * GET /oauth/token: a live token's claims with the customer's KYC level now, the one
     * GET /v2/customer/kyc/data says (the token itself carries the level of its issue).
     */
    async introspect(claims: VerifiedClaims) {
      const customer = await customers.getCustomer(claims.merchantId, claims.customerId);
      return { ...claims, kycLevel: customer.kycLevel };
    },

    /**
     * The session is still live at the moment a use-case writes (a sign-out may have come after
     * the call was authenticated): checked, and held, in the use-case's transaction `tx`. The
     * use-case's first statement: see `holdLiveSessionSql`.
     */
    async requireLiveSession(
      tx: Tx,
      claims: Pick<VerifiedClaims, "merchantId" | "sessionId" | "customerId">,
    ) {
      if (!(await holdLiveSessionSql(tx, claims))) throw authErrors.create("INVALID_TOKEN");
    },

    /**
     * Password sign-in. A device this customer has not confirmed needs a second step: the first
     * call sends a code and answers DEVICE_CONFIRMATION_REQUIRED; the repeated call carries it.
     */
    async signIn(
      ctx: RequestContext,
      input: { phone: string; password: string; confirmationCode: string | undefined },
      signed: Signed,
    ): Promise<TokenSet> {
      checkSignature(ctx.merchant, signed, input.phone, input.password);
      // The address's failure count is claimed before the password is checked, as the account's
      // is: N concurrent guesses from one address across many accounts get at most the limit's
      // evaluations. An attempt that proves no failure (a lock, the right password) gives it back.
      const ipFailure = await deps.limits.claim(LIMITS.signInFailuresPerIp, ctx.ip);
      const customer = await customers.findByPhone(ctx.merchant.id, input.phone);
      if (customer) {
        // Counted before the password is checked, atomically: 30 concurrent guesses get at most
        // SIGN_IN_FAILURES_BEFORE_LOCK evaluations, the rest meet the lock.
        const lockUntil = new Date(Date.now() + LOCK_MINUTES * 60_000);
        const attempt = await customers.claimSignInAttempt(
          customer.merchantId,
          customer.id,
          SIGN_IN_FAILURES_BEFORE_LOCK,
          lockUntil,
        );
        if (!attempt.claimed) {
          await ipFailure.giveBack();
          const retry = Math.max(1, Math.ceil((attempt.lockedUntil.getTime() - Date.now()) / 1000));
          throw authErrors.create("SIGN_IN_LOCKED", { headers: { "retry-after": String(retry) } });
        }
      }
      const ok = await verifyPassword(customer?.passwordHash ?? DUMMY_HASH, input.password);
      if (!customer || !ok || !customer.phoneConfirmed) {
        throw authErrors.create("WRONG_LOGIN_OR_PASSWORD_EXCEPTION");
      }
      // The right password is no failure: its claims are given back (the count resets on success).
      await ipFailure.giveBack();
      await customers.releaseSignInAttempt(customer.merchantId, customer.id, SIGN_IN_FAILURES_BEFORE_LOCK);
      if (customer.blockedAt) throw authErrors.create("ACCOUNT_BLOCKED");
      const deviceKnown = ctx.deviceId
        ? await customers.isDeviceKnown(customer.merchantId, customer.id, ctx.deviceId)
        : false;
      if (!deviceKnown) {
        if (!input.confirmationCode) {
          await codes.send({
            merchantId: ctx.merchant.id,
            merchantTitle: ctx.merchant.title,
            phone: customer.phone,
            purpose: "NEW_DEVICE",
            ip: ctx.ip,
          });
          throw authErrors.create("DEVICE_CONFIRMATION_REQUIRED", { data: { confirmationRequired: true } });
        }
        await codes.verify(
          {
            merchantId: ctx.merchant.id,
            phone: customer.phone,
            purpose: "NEW_DEVICE",
            code: input.confirmationCode,
          },
          {
            incorrect: "CUSTOMER_VERIFICATION_CODE_INCORRECT",
            expired: "CUSTOMER_VERIFICATION_CODE_EXPIRED",
            field: "X-Confirmation-Code",
          },
        );
        if (ctx.deviceId) await customers.rememberDevice(customer.merchantId, customer.id, ctx.deviceId);
      }
      await customers.resetFailedSignIns(customer.merchantId, customer.id);
      return openSession(ctx, customer.id, { newDevice: !deviceKnown });
    },

    /**
     * Rotates a refresh token. A token used before means it was stolen or replayed: the whole
     * session is revoked, so both the thief and the owner must sign in again. One exception: the
     * token used last in its session, again within LOST_ANSWER_GRACE_SECONDS, while the token it
     * was rotated to is still unused, is an answer that never arrived (a tab closed, a connection
     * dropped): that unused token is retired and a new set issued. A thief in that window is
     * still found out, at the owner's next refresh with the retired token (docs/accounts.md).
     */
    async refresh(merchant: Merchant, refreshToken: string): Promise<TokenSet> {
      const row = await repository.useRefreshToken(
        merchant.id,
        hashToken(refreshToken),
        LOST_ANSWER_GRACE_SECONDS,
      );
      if (!row) throw authErrors.create("INVALID_TOKEN", { field: "refresh_token" });
      if (row.was_used) {
        const lostAnswer =
          row.answer_maybe_lost &&
          !row.revoked &&
          !row.expired &&
          (await repository.retireUnusedRefreshToken(merchant.id, row.session_id));
        if (lostAnswer) return issueTokens(row.merchant_id, row.customer_id, row.session_id);
        await repository.revokeSession(merchant.id, row.session_id, "refresh token reused");
        throw authErrors.create("INVALID_TOKEN", { field: "refresh_token" });
      }
      if (row.revoked) {
        // An operator's block ended the session: its owner is told why, not just signed out.
        const customer = await customers.getCustomer(row.merchant_id, row.customer_id);
        if (customer.blockedAt) throw authErrors.create("ACCOUNT_BLOCKED");
      }
      if (row.expired || row.revoked) throw authErrors.create("INVALID_TOKEN", { field: "refresh_token" });
      return issueTokens(row.merchant_id, row.customer_id, row.session_id);
    },

    /** An operator's block: every session of the customer ends, in the block's transaction. */
    async endAllSessions(tx: Tx, merchantId: string, customerId: string, reason: string): Promise<number> {
      return (await revokeSessionsSql(tx, { merchantId, customerId, reason })).length;
    },
    /** The back-office's customer page: sessions, newest first. */
    sessionsOf: (merchantId: string, customerId: string) =>
      repository.listSessions(merchantId, customerId, 20),

    /** The customer's own sign-out: the session ends and the record says so, together. */
    async signOut(claims: AccessClaims): Promise<void> {
      await inTransaction(deps.db, async (tx) => {
        const ended = await revokeSessionsSql(tx, {
          merchantId: claims.merchantId,
          customerId: claims.customerId,
          reason: "signed out",
          only: claims.sessionId,
        });
        if (ended.length === 0) return;
        await deps.recordSecurityEvent(tx, {
          merchantId: claims.merchantId,
          customerId: claims.customerId,
          kind: "SESSION_SIGNED_OUT",
          sessionId: claims.sessionId,
        });
      });
    },

    /** The customer's live sessions, read in `tx` (the security centre's list). */
    liveSessions: (tx: Tx, merchantId: string, customerId: string) =>
      liveSessionsSql(tx, merchantId, customerId),

    /**
     * Ends the customer's sessions in the caller's transaction `tx`: one (`only`), all but one
     * (`except`), or all. Another customer's session id ends nothing. Answers the ids ended.
     */
    endSessions: (
      tx: Tx,
      s: { merchantId: string; customerId: string; reason: string; only?: string; except?: string },
    ) => revokeSessionsSql(tx, s),

    async changePassword(claims: AccessClaims, currentPassword: string, newPassword: string): Promise<void> {
      const customer = await customers.getCustomer(claims.merchantId, claims.customerId);
      if (!(await verifyPassword(customer.passwordHash, currentPassword))) {
        throw authErrors.create("CURRENT_PASSWORD_WRONG", { field: "currentPassword" });
      }
      if (currentPassword === newPassword)
        throw authErrors.create("PASSWORD_UNCHANGED", { field: "newPassword" });
      const hash = await hashPassword(newPassword);
      await inTransaction(deps.db, async (tx) => {
        await customers.setPasswordHash(tx, claims.merchantId, claims.customerId, hash);
        await deps.recordSecurityEvent(tx, {
          merchantId: claims.merchantId,
          customerId: claims.customerId,
          kind: "PASSWORD_CHANGED",
          sessionId: claims.sessionId,
        });
      });
    },

    /** Reset step 1: a code by SMS. Unknown phones get the same answer and no SMS (no enumeration). */
    async startPasswordReset(ctx: RequestContext, phone: string, signed: Signed): Promise<void> {
      checkSignature(ctx.merchant, signed, phone);
      const customer = await customers.findByPhone(ctx.merchant.id, phone);
      if (!customer?.phoneConfirmed) return;
      await codes.send({
        merchantId: ctx.merchant.id,
        merchantTitle: ctx.merchant.title,
        phone,
        purpose: "PASSWORD_RESET",
        ip: ctx.ip,
      });
    },

    /** Reset step 2: the code is checked (not spent: step 3 spends it with the new password). */
    async checkPasswordResetCode(merchant: Merchant, phone: string, code: string): Promise<void> {
      await codes.verify(
        { merchantId: merchant.id, phone, purpose: "PASSWORD_RESET", code, consume: false },
        {
          incorrect: "CUSTOMER_VERIFICATION_CODE_INCORRECT",
          expired: "CUSTOMER_VERIFICATION_CODE_EXPIRED",
          field: "code",
        },
      );
    },

    /** Reset step 3: new password, every session revoked, and a fresh session for this device. */
    async confirmPasswordReset(
      ctx: RequestContext,
      input: { phone: string; code: string; password: string },
    ) {
      await codes.verify(
        { merchantId: ctx.merchant.id, phone: input.phone, purpose: "PASSWORD_RESET", code: input.code },
        {
          incorrect: "CUSTOMER_VERIFICATION_CODE_INCORRECT",
          expired: "CUSTOMER_VERIFICATION_CODE_EXPIRED",
          field: "code",
        },
      );
      const customer = await customers.findByPhone(ctx.merchant.id, input.phone);
      if (!customer) throw authErrors.create("CUSTOMER_VERIFICATION_CODE_EXPIRED", { field: "code" });
      const hash = await hashPassword(input.password);
      // The new password, every session ended and the record of both: one transaction.
      await inTransaction(deps.db, async (tx) => {
        const merchantId = ctx.merchant.id;
        await customers.setPasswordHash(tx, merchantId, customer.id, hash);
        await revokeSessionsSql(tx, { merchantId, customerId: customer.id, reason: "password reset" });
        await deps.recordSecurityEvent(tx, {
          merchantId,
          customerId: customer.id,
          kind: "PASSWORD_CHANGED",
          details: { how: "reset" },
        });
      });
      await customers.resetFailedSignIns(customer.merchantId, customer.id);
      // The code came to this phone: the device that used it is confirmed as well.
      if (ctx.deviceId) await customers.rememberDevice(customer.merchantId, customer.id, ctx.deviceId);
      return openSession(ctx, customer.id);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Remembers tokens already verified, until they expire: the signature check is the costliest
 * step of a signed-in call. Only the signature is cached; the session is checked every time.
 */
function cacheVerifiedTokens(tokens: AccessTokens) {
  const cache = createBoundedCache<string, VerifiedClaims>({ max: 10_000 });
  return {
    async verify(token: string): Promise<VerifiedClaims | null> {
      const hit = cache.get(token);
      if (hit) return hit;
      const claims = await tokens.verify(token);
      if (claims) cache.set(token, claims, claims.expiresAt * 1000);
      return claims;
    },
  };
}
