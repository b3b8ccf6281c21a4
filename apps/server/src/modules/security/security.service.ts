import { randomBytes } from "node:crypto";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../http/app-error.ts";
import type { EmailProvider } from "../../providers/email/email-provider.ts";
import {
  type AuthService,
  type Codes,
  hashToken,
  type NewDeviceSignIn,
  type RequestContext,
  type VerifiedClaims,
} from "../auth/index.ts";
import type { CustomersService } from "../customers/index.ts";
import { securityErrors } from "./security.errors.ts";
import { createSecurityRepository, insertAlertLinkSql, useAlertLinkSql } from "./security.repository.ts";
import { ALERT_LINK_TTL_HOURS, newDeviceMessage } from "./security-emails.ts";
import { recordSecurityEvent } from "./security-events.service.ts";

type Claims = Pick<VerifiedClaims, "merchantId" | "customerId" | "sessionId">;

/**
 * The security centre (docs/accounts.md "Security centre"): the customer's live sessions and
 * signing them out, the record of security events, and the new-device alert whose link signs
 * out everywhere and starts a password reset.
 */
export function createSecurityService(deps: {
  db: ClientSource;
  auth: Pick<AuthService, "liveSessions" | "endSessions" | "requireLiveSession">;
  customers: Pick<CustomersService, "getCustomer">;
  codes: Codes;
  email: EmailProvider;
}) {
  const repository = createSecurityRepository(deps.db);

  return {
    /** GET /v2/security/sessions: live sessions, the caller's own marked `current`. */
    async sessions(claims: Claims) {
      const rows = await deps.db.withClient((c) =>
        deps.auth.liveSessions(c, claims.merchantId, claims.customerId),
      );
      return rows.map((s) => ({
        id: s.id,
        device: s.device_label,
        country: s.country,
        createdAt: s.created_at.toISOString(),
        lastActiveAt: s.last_active_at.toISOString(),
        current: s.id === claims.sessionId,
      }));
    },

    /**
     * DELETE /v2/security/sessions/{id}: ends one of the customer's sessions. Another customer's
     * session, an ended one or an unknown id is a 404 and changes nothing.
     */
    async signOutSession(claims: Claims, sessionId: string) {
      await inTransaction(deps.db, async (tx) => {
        await deps.auth.requireLiveSession(tx, claims);
        const ended = await deps.auth.endSessions(tx, {
          merchantId: claims.merchantId,
          customerId: claims.customerId,
          reason: "signed out from the security centre",
          only: sessionId,
        });
        if (ended.length === 0) throw securityErrors.create("SESSION_NOT_FOUND", { field: "id" });
        await recordSecurityEvent(tx, {
          merchantId: claims.merchantId,
          customerId: claims.customerId,
          kind: "SESSION_SIGNED_OUT",
          sessionId: claims.sessionId,
          details: { endedSession: sessionId },
        });
      });
    },

    /** POST /v2/security/sessions/sign-out-others: every session but the caller's ends. */
    async signOutOthers(claims: Claims) {
      const ended = await inTransaction(deps.db, async (tx) => {
        await deps.auth.requireLiveSession(tx, claims);
        const ids = await deps.auth.endSessions(tx, {
          merchantId: claims.merchantId,
          customerId: claims.customerId,
          reason: "signed out from the security centre",
          except: claims.sessionId,
        });
        await recordSecurityEvent(tx, {
          merchantId: claims.merchantId,
          customerId: claims.customerId,
          kind: "ALL_SIGNED_OUT",
          sessionId: claims.sessionId,
          details: { sessions: String(ids.length) },
        });
        return ids.length;
      });
      return { signedOut: ended };
    },

    /** GET /v2/security/events: the record, newest first. */
    async events(claims: Claims, page: { offset: number; size: number }) {
      const rows = await repository.events(claims.merchantId, claims.customerId, page);
      return {
        events: rows.map((e) => ({
          id: e.id,
          kind: e.kind,
          details: e.details,
          createdAt: e.created_at.toISOString(),
        })),
        offset: page.offset,
        size: page.size,
      };
    },

    /**
     * A sign-in from a device the customer had never used: an email to their confirmed address
     * with a single-use "This wasn't me" link (stored hashed, 24 hours). No confirmed email, no
     * alert: a mistyped address must not receive a link that signs the customer out.
     */
    async alertNewDevice(ctx: RequestContext, signIn: NewDeviceSignIn) {
      const { merchant } = ctx;
      const customer = await deps.customers.getCustomer(merchant.id, signIn.customerId);
      if (!customer.email || !customer.emailConfirmed) return;
      const token = randomBytes(32).toString("base64url");
      await inTransaction(deps.db, (tx) =>
        insertAlertLinkSql(tx, {
          merchantId: merchant.id,
          customerId: customer.id,
          sessionId: signIn.sessionId,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + ALERT_LINK_TTL_HOURS * 3600_000),
        }),
      );
      await deps.email.send(
        newDeviceMessage({ merchant, origin: ctx.origin, to: customer.email, signIn, token }),
      );
    },

    /**
     * "This wasn't me": the link is spent, every session of the customer ends and the record
     * says so, in one transaction; then the password reset starts with a code to their phone.
     * Answers the phone, for the reset screen's next step. A used, expired or unknown link is a
     * 400 naming `token` and changes nothing.
     */
    async notMe(ctx: RequestContext, token: string) {
      const merchantId = ctx.merchant.id;
      const customerId = await inTransaction(deps.db, async (tx) => {
        const link = await useAlertLinkSql(tx, merchantId, hashToken(token));
        if (!link) throw securityErrors.create("ALERT_LINK_INVALID", { field: "token" });
        const ended = await deps.auth.endSessions(tx, {
          merchantId,
          customerId: link.customerId,
          reason: "the customer said a sign-in was not theirs",
        });
        await recordSecurityEvent(tx, {
          merchantId,
          customerId: link.customerId,
          kind: "ALL_SIGNED_OUT",
          details: { how: "alert link", sessions: String(ended.length) },
        });
        return link.customerId;
      });
      const customer = await deps.customers.getCustomer(merchantId, customerId);
      await deps.codes
        .send({
          merchantId,
          merchantTitle: ctx.merchant.title,
          phone: customer.phone,
          purpose: "PASSWORD_RESET",
          ip: ctx.ip,
        })
        .catch((e: unknown) => {
          // A reset code sent within the last minute still works: the reset screen goes on with it.
          if (!(e instanceof AppError && e.code === "SMS_CODE_DELAY_NOT_REACHED")) throw e;
        });
      return { phone: customer.phone };
    },
  };
}
