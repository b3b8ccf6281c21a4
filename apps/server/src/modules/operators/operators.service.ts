import { createHash, randomBytes } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import type { OperatorRole } from "../../db/schema/index.ts";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import type { AppError } from "../../http/app-error.ts";
import { DUMMY_HASH, hashPassword, verifyPassword } from "../auth/index.ts";
import { LIMITS, type RateLimitService, rateLimitErrors } from "../ratelimit/index.ts";
import type { AuditActor, AuditService } from "./audit.service.ts";
import { operatorErrors } from "./operators.errors.ts";
import {
  disableOperatorSql,
  endSessionsOfSql,
  type OperatorRow,
  type OperatorsRepository,
  type SessionRow,
  sessionIsLiveSql,
  setPasswordSql,
} from "./operators.repository.ts";
import { enrolmentUri, newTotpSecret, totpStep } from "./totp.ts";

/** Idle 15 minutes or 12 hours old ends a session; the code must follow the password in 5. */
const SESSION_IDLE_SECONDS = 15 * 60;
export const SESSION_MAX_SECONDS = 12 * 60 * 60;
const CODE_STEP_SECONDS = 5 * 60;
/**
 * Failures of the steps that need the password already (the code, the current password of a
 * change) before the account locks, and for how long: no outsider can make them. Wrong passwords
 * lock per address and account instead (ratelimit's LIMITS.operatorFailuresPerIpAndAccount).
 */
const ATTEMPTS_BEFORE_LOCK = 5;
const LOCK_SECONDS = 15 * 60;

export type Operator = Pick<OperatorRow, "id" | "email" | "role" | "merchantId" | "passwordChangeRequired">;
export type SignedInSession = { operator: Operator; session: SessionRow };
/** What a cookie's token comes to: a live session, a session that ended, or nothing known. */
export type SessionLookup =
  | { kind: "live"; operator: Operator; session: SessionRow }
  | { kind: "expired"; operator: Operator }
  | { kind: "none" };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const hashToken = sha256;
/** The per-address-and-account limit's subject: the email hashed, so a key stays short. */
const accountSubject = (email: string, ip: string) => `${ip}|${sha256(email)}`;

/**
 * Who a sign-in attempt's entry names. An email no operator has is the caller's text, not an
 * operator's: the entry keeps only its SHA-256 (as the target), so the trail stores no text of a
 * stranger's choosing, yet the same email tried again is the same target (search by targetId).
 */
function signInActor(operator: OperatorRow | undefined, email: string, ip: string) {
  if (operator) return { actor: { operatorId: operator.id, operatorEmail: operator.email, ip }, entry: {} };
  return {
    actor: { operatorId: null, operatorEmail: null, ip },
    entry: { targetType: "unknown-email-sha256", targetId: sha256(email) },
  };
}
const randomToken = () => randomBytes(32).toString("base64url");
const view = (o: OperatorRow): Operator => ({
  id: o.id,
  email: o.email,
  role: o.role,
  merchantId: o.merchantId,
  passwordChangeRequired: o.passwordChangeRequired,
});

/** Operators: creation, the two sign-in steps (password, then TOTP), sessions (docs/backoffice.md). */
export function createOperatorsService(deps: {
  db: ClientSource;
  repository: OperatorsRepository;
  audit: AuditService;
  limits: RateLimitService;
}) {
  const { db, repository, audit, limits } = deps;
  const actor = (o: Operator, ip: string): AuditActor => ({ operatorId: o.id, operatorEmail: o.email, ip });
  const claimOnAccount = (email: string, ip: string) =>
    limits.claim(LIMITS.operatorFailuresPerIpAndAccount, accountSubject(email, ip));

  /** An attempt on the account's lock, counted before the secret is checked (code, password change). */
  async function claim(operator: OperatorRow, ip: string) {
    const claimed = await repository.claimAttempt(operator.id, ATTEMPTS_BEFORE_LOCK, LOCK_SECONDS);
    if (!claimed) {
      await audit.record(actor(operator, ip), {
        merchantId: operator.merchantId,
        action: "auth.locked",
        outcome: "REFUSED",
      });
      throw operatorErrors.create("OPERATOR_LOCKED", { headers: { "retry-after": String(LOCK_SECONDS) } });
    }
  }

  return {
    /**
     * A new operator with a generated password and TOTP secret, each shown once to whoever
     * creates it (`npm run operator:create`). A generated password is one-time: it must be
     * changed at the first sign-in. Fixed ones may be given (the sandbox's admin, tests).
     */
    async createOperator(input: {
      email: string;
      role: OperatorRole;
      merchantId: string | null;
      password?: string;
      totpSecret?: string;
    }) {
      const email = input.email.trim().toLowerCase();
      const password = input.password ?? randomBytes(12).toString("base64url");
      const totpSecret = input.totpSecret ?? newTotpSecret();
      const created = await repository.insert({
        id: uuidv7(),
        email,
        role: input.role,
        merchantId: input.role === "PLATFORM_ADMIN" ? null : input.merchantId,
        passwordHash: await hashPassword(password),
        passwordChangeRequired: input.password === undefined,
        totpSecret,
      });
      if (!created) return undefined;
      return { operator: view(created), password, totpSecret, totpUri: enrolmentUri(totpSecret, email) };
    },

    /**
     * Step one: email and password. A session waiting for the code starts. Every failure is
     * claimed before the password is checked, atomically (concurrent guesses get at most the
     * limits' evaluations): one on the address, one on the address and the email. An unknown
     * email is claimed, checked (against a dummy hash) and locked exactly like a known one, so
     * neither time nor answers tell whether an operator has it; and a guesser's lock holds only
     * their own address, so guessing cannot lock an operator out (docs/backoffice.md "Lock-out").
     */
    async signIn(email: string, password: string, ip: string) {
      const normalised = email.trim().toLowerCase();
      // Not given back on a lock: a guesser's attempts on a locked pair count for the address too.
      const fromAddress = await limits.claim(LIMITS.operatorSignInFailuresPerIp, ip);
      const operator = await repository.findByEmail(normalised);
      const who = signInActor(operator, normalised, ip);
      const onAccount = await claimOnAccount(normalised, ip).catch(async (err: unknown) => {
        if (!rateLimitErrors.is(err, "TOO_MANY_REQUESTS")) throw err;
        await audit.record(who.actor, {
          ...who.entry,
          merchantId: operator?.merchantId ?? null,
          action: "auth.locked",
          outcome: "REFUSED",
        });
        throw operatorErrors.create("OPERATOR_LOCKED", { headers: (err as AppError).headers });
      });
      const ok = await verifyPassword(operator?.passwordHash ?? DUMMY_HASH, password);
      if (!operator || !ok || operator.disabledAt) {
        await audit.record(who.actor, {
          ...who.entry,
          merchantId: operator?.merchantId ?? null,
          action: "auth.sign-in",
          outcome: "REFUSED",
          reason: "wrong email or password",
        });
        throw operatorErrors.create("OPERATOR_SIGN_IN_FAILED");
      }
      // The right password is no failure: both claims are given back.
      await fromAddress.giveBack();
      await onAccount.giveBack();
      const token = randomToken();
      const csrfToken = randomToken();
      await repository.insertSession({
        tokenHash: hashToken(token),
        operatorId: operator.id,
        stage: "PASSWORD",
        csrfToken,
      });
      await audit.record(actor(operator, ip), {
        merchantId: operator.merchantId,
        action: "auth.password",
      });
      return { token, csrfToken };
    },

    /**
     * Step two: the TOTP code. A code is good once; a wrong one counts towards the account's lock
     * (only someone who knows the password reaches this step). A right one signs in under a new
     * session id and CSRF token: nothing known of the half-signed-in session carries over.
     */
    async confirmCode(signedIn: SignedInSession, code: string, ip: string) {
      const operator = await repository.findById(signedIn.operator.id);
      if (!operator) throw operatorErrors.create("OPERATOR_SIGN_IN_REQUIRED");
      await claim(operator, ip);
      const step = totpStep(operator.totpSecret, code);
      if (step === undefined || !(await repository.useTotpStep(operator.id, step))) {
        await audit.record(actor(operator, ip), {
          merchantId: operator.merchantId,
          action: "auth.totp",
          outcome: "REFUSED",
          reason: step === undefined ? "wrong code" : "code used before",
        });
        throw operatorErrors.create("OPERATOR_CODE_WRONG", { field: "code" });
      }
      const token = randomToken();
      const csrfToken = randomToken();
      const rotated = await repository.rotateSession(signedIn.session.tokenHash, {
        tokenHash: hashToken(token),
        operatorId: operator.id,
        stage: "ACTIVE",
        csrfToken,
      });
      // Signed out (or ended) between the guard and here.
      if (!rotated) throw operatorErrors.create("OPERATOR_SIGN_IN_REQUIRED");
      await limits.forget(LIMITS.operatorFailuresPerIpAndAccount, accountSubject(operator.email, ip));
      await audit.record(actor(operator, ip), {
        merchantId: operator.merchantId,
        action: "auth.sign-in",
      });
      return { operator: view(operator), token, csrfToken };
    },

    /**
     * The session (its token's hash) is still signed in when a use-case writes, judged in its
     * transaction `tx`: an operator disabled or signed out meanwhile changes nothing.
     */
    async requireLiveSession(tx: Tx, tokenHash: string): Promise<void> {
      if (!(await sessionIsLiveSql(tx, tokenHash, SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS)))
        throw operatorErrors.create("OPERATOR_SIGN_IN_REQUIRED");
    },

    /** The session a cookie's token names, marked seen now when it is live. */
    async lookUpSession(token: string): Promise<SessionLookup> {
      const tokenHash = hashToken(token);
      const live = await repository.touchSession(tokenHash, SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS);
      const stored = live ?? (await repository.findSession(tokenHash));
      if (!stored) return { kind: "none" };
      const operator = await repository.findById(stored.operatorId);
      if (!operator || operator.disabledAt) return { kind: "none" };
      const codeLate =
        live?.stage === "PASSWORD" && Date.now() - live.createdAt.getTime() > CODE_STEP_SECONDS * 1000;
      if (!live || codeLate) return { kind: "expired", operator: view(operator) };
      return { kind: "live", operator: view(operator), session: live };
    },

    /**
     * A signed-in operator's new password (the one-time one at first sign-in, or any time). The
     * current one is checked like a sign-in's (a wrong one counts towards the lock); the
     * operator's other sessions end in the same transaction as the change and its entry.
     */
    async changePassword(
      signedIn: SignedInSession,
      input: { currentPassword: string; newPassword: string },
      ip: string,
    ) {
      const operator = await repository.findById(signedIn.operator.id);
      if (!operator) throw operatorErrors.create("OPERATOR_SIGN_IN_REQUIRED");
      await claim(operator, ip);
      if (!(await verifyPassword(operator.passwordHash, input.currentPassword))) {
        await audit.record(actor(operator, ip), {
          merchantId: operator.merchantId,
          action: "auth.password-change",
          outcome: "REFUSED",
          reason: "wrong current password",
        });
        throw operatorErrors.create("OPERATOR_PASSWORD_WRONG", { field: "currentPassword" });
      }
      await repository.giveBackAttempt(operator.id);
      if (input.newPassword === input.currentPassword)
        throw operatorErrors.create("OPERATOR_PASSWORD_NOT_NEW", { field: "newPassword" });
      const passwordHash = await hashPassword(input.newPassword);
      // The change, the end of the other sessions and the entry commit together.
      await inTransaction(db, async (tx) => {
        await setPasswordSql(tx, operator.id, passwordHash);
        await endSessionsOfSql(tx, operator.id, signedIn.session.tokenHash);
        await audit.record(
          actor(operator, ip),
          {
            merchantId: operator.merchantId,
            action: "auth.password-change",
            targetType: "operator",
            targetId: operator.id,
            changes: { oneTimePasswordReplaced: operator.passwordChangeRequired },
          },
          tx,
        );
      });
    },

    /** The operators an admin manages: their merchant's, and for a platform admin the platform's too. */
    async listOperators(by: Operator, merchantId: string) {
      const rows = [
        ...(by.merchantId === null ? await repository.listOf(null) : []),
        ...(await repository.listOf(merchantId)),
      ];
      return rows.map((o) => ({ ...view(o), disabledAt: o.disabledAt, createdAt: o.createdAt }));
    },

    /**
     * An admin disables an operator: a merchant admin one of their merchant (another's is 404),
     * a platform admin anyone; never themselves. The flag, the end of every session of theirs and
     * the entry are one transaction; a disabled operator cannot sign in (docs/backoffice.md).
     */
    async disableOperator(by: { operator: Operator; actor: AuditActor }, targetId: string, reason: string) {
      const target = await repository.findById(targetId);
      if (!target || (by.operator.merchantId !== null && target.merchantId !== by.operator.merchantId))
        throw operatorErrors.create("OPERATOR_NOT_FOUND");
      if (target.id === by.operator.id) throw operatorErrors.create("OPERATOR_DISABLE_SELF");
      await inTransaction(db, async (tx) => {
        if (!(await disableOperatorSql(tx, target.id)))
          throw operatorErrors.create("OPERATOR_ALREADY_DISABLED");
        await endSessionsOfSql(tx, target.id);
        await audit.record(
          by.actor,
          {
            merchantId: target.merchantId,
            action: "operator.disable",
            targetType: "operator",
            targetId: target.id,
            changes: { email: target.email, role: target.role },
            reason,
          },
          tx,
        );
      });
      return view(target);
    },

    async signOut(session: SessionRow, operator: Operator, ip: string) {
      await repository.endSession(session.tokenHash);
      await audit.record(actor(operator, ip), {
        merchantId: operator.merchantId,
        action: "auth.sign-out",
      });
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
