import type { OperatorRole } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";

export type OperatorRow = {
  id: string;
  merchantId: string | null;
  email: string;
  role: OperatorRole;
  passwordHash: string;
  totpSecret: string;
  totpLastStep: number;
  failedAttempts: number;
  lockedUntil: Date | null;
  passwordChangeRequired: boolean;
  disabledAt: Date | null;
  createdAt: Date;
};
export type NewOperatorRow = Pick<
  OperatorRow,
  "id" | "merchantId" | "email" | "role" | "passwordHash" | "totpSecret" | "passwordChangeRequired"
>;

export type SessionRow = {
  tokenHash: string;
  operatorId: string;
  stage: "PASSWORD" | "ACTIVE";
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  endedAt: Date | null;
};
export type NewSessionRow = Pick<SessionRow, "tokenHash" | "operatorId" | "stage" | "csrfToken">;

const OPERATOR_COLUMNS = `id, merchant_id as "merchantId", email, role, password_hash as "passwordHash",
  totp_secret as "totpSecret", totp_last_step as "totpLastStep", failed_attempts as "failedAttempts",
  locked_until as "lockedUntil", password_change_required as "passwordChangeRequired",
  disabled_at as "disabledAt", created_at as "createdAt"`;

const SESSION_COLUMNS = `token_hash as "tokenHash", operator_id as "operatorId", stage, csrf_token as "csrfToken",
  created_at as "createdAt", last_seen_at as "lastSeenAt", ended_at as "endedAt"`;

/** The operators' tables: a configuration table and its sessions (no merchant in their keys). */
export function createOperatorsRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  const rowsOf = <R extends object>(text: string, params: unknown[]) =>
    db.withClient(async (c) => (await c.query<R>(text, params)).rows);
  return {
    /** Undefined when the email is taken. */
    async insert(row: NewOperatorRow): Promise<OperatorRow | undefined> {
      const [created] = await rowsOf<OperatorRow>(
        `insert into operators (id, merchant_id, email, role, password_hash, totp_secret, password_change_required)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning ${OPERATOR_COLUMNS}`,
        [
          row.id,
          row.merchantId,
          row.email,
          row.role,
          row.passwordHash,
          row.totpSecret,
          row.passwordChangeRequired,
        ],
      );
      return created;
    },
    async findByEmail(email: string): Promise<OperatorRow | undefined> {
      const [row] = await rowsOf<OperatorRow>(`select ${OPERATOR_COLUMNS} from operators where email = $1`, [
        email,
      ]);
      return row;
    },
    async findById(id: string): Promise<OperatorRow | undefined> {
      const [row] = await rowsOf<OperatorRow>(`select ${OPERATOR_COLUMNS} from operators where id = $1`, [
        id,
      ]);
      return row;
    },
    /** A merchant's operators (null: the platform admins), oldest first. */
    listOf(merchantId: string | null): Promise<OperatorRow[]> {
      return merchantId
        ? rowsOf<OperatorRow>(
            `select ${OPERATOR_COLUMNS} from operators where merchant_id = $1 order by created_at`,
            [merchantId],
          )
        : rowsOf<OperatorRow>(
            `select ${OPERATOR_COLUMNS} from operators where merchant_id is null order by created_at`,
            [],
          );
    },

    /**
     * Counts an attempt before the secret is checked, atomically: concurrent guesses get at most
     * `limit` evaluations, then the lock. Undefined while locked (with the lock's end).
     */
    async claimAttempt(id: string, limit: number, lockSeconds: number) {
      const fresh = "case when locked_until <= now() then 0 else failed_attempts end + 1";
      const [row] = await rowsOf<{ failedAttempts: number }>(
        `update operators set failed_attempts = ${fresh},
           locked_until = case when ${fresh} >= $2 then now() + make_interval(secs => $3) end
         where id = $1 and (locked_until is null or locked_until < now())
         returning failed_attempts as "failedAttempts"`,
        [id, limit, lockSeconds],
      );
      return row;
    },
    /** A right password gives its claim back (and the lock its claim may have set). */
    async giveBackAttempt(id: string) {
      await rowsOf(
        "update operators set failed_attempts = greatest(failed_attempts - 1, 0), locked_until = null where id = $1",
        [id],
      );
    },
    /** A right code: the failures are forgotten and its time step is used up. False: used before. */
    async useTotpStep(id: string, step: number): Promise<boolean> {
      const rows = await rowsOf(
        `update operators set totp_last_step = $2, failed_attempts = 0, locked_until = null
         where id = $1 and totp_last_step < $2 returning id`,
        [id, step],
      );
      return rows.length > 0;
    },

    async insertSession(row: NewSessionRow) {
      await rowsOf(
        "insert into operator_sessions (token_hash, operator_id, stage, csrf_token) values ($1, $2, $3, $4)",
        [row.tokenHash, row.operatorId, row.stage, row.csrfToken],
      );
    },
    async findSession(tokenHash: string): Promise<SessionRow | undefined> {
      const [row] = await rowsOf<SessionRow>(
        `select ${SESSION_COLUMNS} from operator_sessions where token_hash = $1`,
        [tokenHash],
      );
      return row;
    },
    /**
     * Marks a live session seen now; undefined when it ended, sat idle too long or is too old.
     * Judged by the database's clock, the one that wrote `created_at` and `last_seen_at`.
     */
    async touchSession(tokenHash: string, idleSeconds: number, maxSeconds: number) {
      const [row] = await rowsOf<SessionRow>(
        `update operator_sessions set last_seen_at = now()
         where token_hash = $1 and ended_at is null
           and last_seen_at > now() - make_interval(secs => $2) and created_at > now() - make_interval(secs => $3)
         returning ${SESSION_COLUMNS}`,
        [tokenHash, idleSeconds, maxSeconds],
      );
      return row;
    },
    /**
     * The code step: the half-signed-in session `oldHash` ends and `next` (ACTIVE) takes its
     * place, in one statement. False when the old one had ended or was signed in already.
     */
    async rotateSession(oldHash: string, next: NewSessionRow): Promise<boolean> {
      const rows = await rowsOf(
        `with ended as (
           update operator_sessions set ended_at = now()
            where token_hash = $1 and ended_at is null and stage = 'PASSWORD' and operator_id = $3
            returning operator_id)
         insert into operator_sessions (token_hash, operator_id, stage, csrf_token)
         select $2, operator_id, $4, $5 from ended returning token_hash`,
        [oldHash, next.tokenHash, next.operatorId, next.stage, next.csrfToken],
      );
      return rows.length > 0;
    },
    async endSession(tokenHash: string) {
      await rowsOf(
        "update operator_sessions set ended_at = now() where token_hash = $1 and ended_at is null",
        [tokenHash],
      );
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;

/** A new password (the one-time one is replaced), in the change's transaction. */
export async function setPasswordSql(tx: Tx, id: string, passwordHash: string): Promise<void> {
  await tx.query("update operators set password_hash = $2, password_change_required = false where id = $1", [
    id,
    passwordHash,
  ]);
}

/** Disables an operator; false when they were disabled already. */
export async function disableOperatorSql(tx: Tx, id: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    "update operators set disabled_at = now() where id = $1 and disabled_at is null",
    [id],
  );
  return (rowCount ?? 0) > 0;
}

/** Ends the operator's sessions but `keep` (the one changing the password, if any). */
export async function endSessionsOfSql(tx: Tx, operatorId: string, keep?: string): Promise<void> {
  await tx.query(
    `update operator_sessions set ended_at = now()
     where operator_id = $1 and ended_at is null and ($2::text is null or token_hash <> $2)`,
    [operatorId, keep ?? null],
  );
}

/**
 * True while the session is signed in (ACTIVE, not ended, idle and age within bounds) and its
 * operator enabled, judged in a use-case's transaction `tx`. The rows are share-locked: a
 * disable or sign-out running at the same time either waits for this transaction or is seen.
 */
export async function sessionIsLiveSql(
  tx: Tx,
  tokenHash: string,
  idleSeconds: number,
  maxSeconds: number,
): Promise<boolean> {
  const { rows } = await tx.query(
    `select 1 from operator_sessions s join operators o on o.id = s.operator_id
      where s.token_hash = $1 and s.stage = 'ACTIVE' and s.ended_at is null and o.disabled_at is null
        and s.last_seen_at > now() - make_interval(secs => $2) and s.created_at > now() - make_interval(secs => $3)
      for share`,
    [tokenHash, idleSeconds, maxSeconds],
  );
  return rows.length > 0;
}
