import type { ClientSource, Tx } from "../../db/transaction.ts";

/** A one-time SMS code as stored (the code itself only as its hash). */
export type CodeRow = {
  id: string;
  merchantId: string;
  phone: string;
  purpose: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
  createdAt: Date;
};

const CODE_COLUMNS = `id, merchant_id as "merchantId", phone, purpose, code_hash as "codeHash", attempts,
  expires_at as "expiresAt", consumed_at as "consumedAt", created_at as "createdAt"`;

/** A session as the back-office's customer page lists it. */
export type SessionListRow = {
  id: string;
  merchantId: string;
  customerId: string;
  deviceId: string | null;
  deviceLabel: string | null;
  country: string | null;
  createdAt: Date;
  lastActiveAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
};

/** An email link as stored (the token only as its hash). */
export type EmailTokenRow = {
  tokenHash: string;
  merchantId: string;
  customerId: string;
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
};

/** The session is live, read in a use-case's transaction (a named statement: planned once per connection). */
async function sessionIsActiveSql(
  tx: Tx,
  s: { merchantId: string; sessionId: string; customerId: string },
): Promise<boolean> {
  const { rows } = await tx.query({
    name: "auth_session_is_active",
    text: `select 1 from sessions
           where id = $1 and merchant_id = $2 and customer_id = $3 and revoked_at is null`,
    values: [s.sessionId, s.merchantId, s.customerId],
  });
  return rows.length > 0;
}

/**
 * The session is live, held in a use-case's transaction until it ends: an UPDATE that changes
 * nothing, not a SELECT. On Citus a write takes the shard group's placement lock, so the group
 * cannot switch to another worker before this transaction ends and every row it locks next is on
 * the placement the next transaction will lock; a SELECT ... FOR UPDATE takes no such lock, and a
 * transaction that began with one could hold its lock on the old placement while the next took the
 * same row's on the new (docs/scaling.md, "A transaction's first statement writes"). It also keeps
 * a sign-out from ending the session halfway through the use-case.
 */
export async function holdLiveSessionSql(
  tx: Tx,
  s: { merchantId: string; sessionId: string; customerId: string },
): Promise<boolean> {
  const { rows } = await tx.query({
    name: "auth_session_hold_live",
    text: `update sessions set revoked_at = null
           where id = $1 and merchant_id = $2 and customer_id = $3 and revoked_at is null
           returning 1`,
    values: [s.sessionId, s.merchantId, s.customerId],
  });
  return rows.length > 0;
}

export type SessionRow = {
  id: string;
  device_label: string | null;
  country: string | null;
  created_at: Date;
  last_active_at: Date;
};

/** Opens a session in the sign-in's transaction, with what the security centre shows of it. */
export async function insertSessionSql(
  tx: Tx,
  row: {
    id: string;
    merchantId: string;
    customerId: string;
    deviceId: string | null;
    deviceLabel: string | null;
    country: string | null;
  },
): Promise<void> {
  await tx.query(
    `insert into sessions (id, merchant_id, customer_id, device_id, device_label, country)
     values ($1, $2, $3, $4, $5, $6)`,
    [row.id, row.merchantId, row.customerId, row.deviceId, row.deviceLabel, row.country],
  );
}

export async function insertRefreshTokenSql(
  tx: Tx,
  row: { tokenHash: string; merchantId: string; sessionId: string; expiresAt: Date },
): Promise<void> {
  await tx.query(
    "insert into refresh_tokens (token_hash, merchant_id, session_id, expires_at) values ($1, $2, $3, $4)",
    [row.tokenHash, row.merchantId, row.sessionId, row.expiresAt],
  );
}

/** The customer's live sessions, most recently active first. */
export async function liveSessionsSql(tx: Tx, merchantId: string, customerId: string): Promise<SessionRow[]> {
  const { rows } = await tx.query<SessionRow>(
    `select id, device_label, country, created_at, last_active_at from sessions
     where merchant_id = $1 and customer_id = $2 and revoked_at is null
     order by last_active_at desc, id desc limit 100`,
    [merchantId, customerId],
  );
  return rows;
}

/**
 * Ends the customer's live sessions in `tx`: the one named (`only`), or all but the one kept
 * (`except`), or all. Scoped by merchant and customer, so another customer's id ends nothing.
 * Answers the ids ended.
 */
export async function revokeSessionsSql(
  tx: Tx,
  s: { merchantId: string; customerId: string; reason: string; only?: string; except?: string },
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `update sessions set revoked_at = now(), revoked_reason = $3
     where merchant_id = $1 and customer_id = $2 and revoked_at is null
       and ($4::uuid is null or id = $4) and ($5::uuid is null or id <> $5)
     returning id`,
    [s.merchantId, s.customerId, s.reason, s.only ?? null, s.except ?? null],
  );
  return rows.map((r) => r.id);
}

/**
 * Moves the session's last activity to now, unless it moved within the last minute: one write a
 * minute at most, whichever instance or call asks.
 */
export async function touchSessionSql(tx: Tx, merchantId: string, sessionId: string): Promise<void> {
  await tx.query({
    name: "auth_session_touch",
    text: `update sessions set last_active_at = now()
           where merchant_id = $1 and id = $2 and revoked_at is null
             and last_active_at < now() - interval '1 minute'`,
    values: [merchantId, sessionId],
  });
}

/** Sessions, refresh tokens, one-time codes and email links: each method one pooled query. */
export function createAuthRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    /** Runs on every signed-in call: a named statement, planned once per connection. */
    isSessionActive: (merchantId: string, sessionId: string, customerId: string): Promise<boolean> =>
      db.withClient((c) => sessionIsActiveSql(c, { merchantId, sessionId, customerId })),
    async revokeSession(merchantId: string, sessionId: string, reason: string): Promise<void> {
      await db.withClient((c) =>
        c.query(
          `update sessions set revoked_at = $4, revoked_reason = $3
           where merchant_id = $1 and id = $2 and revoked_at is null`,
          [merchantId, sessionId, reason, new Date()],
        ),
      );
    },
    /** A customer's sessions, newest first (the back-office's customer page). */
    async listSessions(merchantId: string, customerId: string, limit: number): Promise<SessionListRow[]> {
      const { rows } = await db.withClient((c) =>
        c.query<SessionListRow>(
          `select id, merchant_id as "merchantId", customer_id as "customerId", device_id as "deviceId",
             device_label as "deviceLabel", country, created_at as "createdAt", last_active_at as "lastActiveAt",
             revoked_at as "revokedAt", revoked_reason as "revokedReason"
           from sessions where merchant_id = $1 and customer_id = $2
           order by created_at desc limit $3`,
          [merchantId, customerId, limit],
        ),
      );
      return rows;
    },
    /**
     * Marks a refresh token of this merchant used, atomically: only one of two concurrent uses
     * wins; another merchant's token is unknown here and stays untouched. Answers what
     * the token was: unknown, already used (reuse!), expired, or fresh with its session. For a
     * used one, also whether its answer may have been lost: used within `graceSeconds` and the
     * last token of its session used so far (so the token it was rotated to is still unused).
     */
    async useRefreshToken(merchantId: string, tokenHash: string, graceSeconds: number) {
      const { rows } = await db.withClient((c) =>
        c.query<{
          session_id: string;
          merchant_id: string;
          customer_id: string;
          device_id: string | null;
          was_used: boolean;
          answer_maybe_lost: boolean;
          expired: boolean;
          revoked: boolean;
        }>(
          `with old as (
             select merchant_id, token_hash, session_id, used_at, used_at is not null as was_used,
                    expires_at < now() as expired
             from refresh_tokens where merchant_id = $1 and token_hash = $2 for update
           ), mark as (
             update refresh_tokens r set used_at = now() from old
             where r.merchant_id = old.merchant_id and r.token_hash = old.token_hash and not old.was_used
           )
           select old.session_id, s.merchant_id, s.customer_id, s.device_id, old.was_used, old.expired,
                  s.revoked_at is not null as revoked,
                  coalesce(old.used_at > now() - make_interval(secs => $3)
                    and not exists (select 1 from refresh_tokens later
                                    where later.merchant_id = old.merchant_id
                                      and later.session_id = old.session_id and later.used_at > old.used_at),
                    false) as answer_maybe_lost
           from old join sessions s on s.merchant_id = old.merchant_id and s.id = old.session_id`,
          [merchantId, tokenHash, graceSeconds],
        ),
      );
      return rows[0];
    },
    /**
     * Retires the session's unused refresh token (the one a token was rotated to), once: of two
     * concurrent callers only one finds it. True when this caller did. It is marked used at
     * -infinity: never the session's last used token, never within the grace, so whoever shows
     * it later is taken for a replay (a thief who got the lost answer) and the session ends.
     */
    async retireUnusedRefreshToken(merchantId: string, sessionId: string): Promise<boolean> {
      const { rows } = await db.withClient((c) =>
        c.query(
          `update refresh_tokens set used_at = '-infinity'
           where merchant_id = $1 and session_id = $2 and used_at is null
           returning token_hash`,
          [merchantId, sessionId],
        ),
      );
      return rows.length === 1;
    },
    /**
     * Stores the code that follows `previous` (the newest code of this phone and purpose, or none),
     * once: two requests that both read the same newest code and both passed the 60 s wait would
     * otherwise both send. The right to follow it is claimed in the same statement, as a row of
     * rate_limits keyed by phone and purpose at the previous code's time; the second claim waits
     * for the first to commit, finds the row and stores nothing. False: another request won.
     */
    async insertCodeAfter(
      previous: Pick<CodeRow, "createdAt"> | undefined,
      row: Pick<CodeRow, "id" | "merchantId" | "phone" | "purpose" | "codeHash" | "expiresAt" | "createdAt">,
    ): Promise<boolean> {
      const claimKey = `code-after:${row.merchantId}:${row.phone}:${row.purpose}`;
      const after = previous?.createdAt ?? new Date(0);
      const { rows } = await db.withClient((c) =>
        c.query(
          `with claim as (
             insert into rate_limits (key, window_start, count) values ($1, $2, 1)
             on conflict (key, window_start) do nothing
             returning 1
           )
           insert into verification_codes (id, merchant_id, phone, purpose, code_hash, expires_at, created_at)
           select $3::uuid, $4::uuid, $5, $6, $7, $8::timestamptz, $9::timestamptz
           from claim
           returning id`,
          [
            claimKey,
            after,
            row.id,
            row.merchantId,
            row.phone,
            row.purpose,
            row.codeHash,
            row.expiresAt,
            row.createdAt,
          ],
        ),
      );
      return rows.length > 0;
    },
    async latestCode(merchantId: string, phone: string, purpose: string): Promise<CodeRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<CodeRow>(
          `select ${CODE_COLUMNS} from verification_codes
           where merchant_id = $1 and phone = $2 and purpose = $3
           order by created_at desc limit 1`,
          [merchantId, phone, purpose],
        ),
      );
      return rows[0];
    },
    /** Counts a try; answers the row as it now is, or undefined when tries are used up. */
    async countCodeAttempt(
      merchantId: string,
      id: string,
      maxAttempts: number,
    ): Promise<CodeRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<CodeRow>(
          `update verification_codes set attempts = attempts + 1
           where merchant_id = $3 and id = $1 and attempts < $2
           returning ${CODE_COLUMNS}`,
          [id, maxAttempts, merchantId],
        ),
      );
      return rows[0];
    },
    /** Consumes a code once: false when a concurrent request consumed it first. */
    async consumeCode(merchantId: string, id: string): Promise<boolean> {
      const { rows } = await db.withClient((c) =>
        c.query(
          `update verification_codes set consumed_at = $2
           where merchant_id = $3 and id = $1 and consumed_at is null returning id`,
          [id, new Date(), merchantId],
        ),
      );
      return rows.length === 1;
    },
    /** When the customer's newest email link was sent, if ever. */
    async latestEmailLinkAt(merchantId: string, customerId: string): Promise<Date | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<{ createdAt: Date }>(
          `select created_at as "createdAt" from email_tokens where merchant_id = $1 and customer_id = $2
           order by created_at desc limit 1`,
          [merchantId, customerId],
        ),
      );
      return rows[0]?.createdAt;
    },
    /**
     * Stores the link that follows the one sent at `previous`, once, as `insertCodeAfter` stores a
     * code: of two requests that both passed the 60 s wait, one claims the right and the other
     * stores nothing. False: another request won.
     */
    async insertEmailTokenAfter(
      previous: Date | undefined,
      row: Pick<
        EmailTokenRow,
        "tokenHash" | "merchantId" | "customerId" | "email" | "expiresAt" | "createdAt"
      >,
    ): Promise<boolean> {
      const claimKey = `email-link-after:${row.customerId}`;
      const { rows } = await db.withClient((c) =>
        c.query(
          `with claim as (
             insert into rate_limits (key, window_start, count) values ($1, $2, 1)
             on conflict (key, window_start) do nothing
             returning 1
           )
           insert into email_tokens (token_hash, merchant_id, customer_id, email, expires_at, created_at)
           select $3, $8::uuid, $4::uuid, $5, $6::timestamptz, $7::timestamptz
           from claim
           returning token_hash`,
          [
            claimKey,
            previous ?? new Date(0),
            row.tokenHash,
            row.customerId,
            row.email,
            row.expiresAt,
            row.createdAt,
            row.merchantId,
          ],
        ),
      );
      return rows.length > 0;
    },
    /** Uses an unexpired, unused link for this email once; undefined when there is none. */
    async useEmailToken(
      merchantId: string,
      tokenHash: string,
      email: string,
    ): Promise<EmailTokenRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<EmailTokenRow>(
          `update email_tokens set used_at = $4
           where merchant_id = $1 and token_hash = $2 and email = $3 and used_at is null and expires_at > now()
           returning token_hash as "tokenHash", merchant_id as "merchantId", customer_id as "customerId", email,
             expires_at as "expiresAt", used_at as "usedAt", created_at as "createdAt"`,
          [merchantId, tokenHash, email, new Date()],
        ),
      );
      return rows[0];
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
