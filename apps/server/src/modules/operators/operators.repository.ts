import { and, asc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db, DbTx } from "../../db/database.ts";
import { operatorSessions, operators } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";

export type OperatorRow = typeof operators.$inferSelect;
export type NewOperatorRow = typeof operators.$inferInsert;
export type SessionRow = typeof operatorSessions.$inferSelect;

/** The operators' tables: a configuration table and its sessions (no merchant in their keys). */
export function createOperatorsRepository(db: Db) {
  return {
    async insert(row: NewOperatorRow): Promise<OperatorRow | undefined> {
      const [created] = await db.insert(operators).values(row).onConflictDoNothing().returning();
      return created;
    },
    async findByEmail(email: string): Promise<OperatorRow | undefined> {
      const [row] = await db.select().from(operators).where(eq(operators.email, email));
      return row;
    },
    async findById(id: string): Promise<OperatorRow | undefined> {
      const [row] = await db.select().from(operators).where(eq(operators.id, id));
      return row;
    },
    /** A merchant's operators (null: the platform admins), oldest first. */
    listOf(merchantId: string | null): Promise<OperatorRow[]> {
      return db
        .select()
        .from(operators)
        .where(merchantId ? eq(operators.merchantId, merchantId) : isNull(operators.merchantId))
        .orderBy(asc(operators.createdAt));
    },
    /** Runs `work` in one transaction: a change, its sessions' end and its audit entry together. */
    transaction: <T>(work: (tx: DbTx) => Promise<T>) => db.transaction(work),
    /** A new password (the one-time one is replaced). */
    async setPassword(tx: DbTx, id: string, passwordHash: string) {
      await tx
        .update(operators)
        .set({ passwordHash, passwordChangeRequired: false })
        .where(eq(operators.id, id));
    },
    /** Disables an operator; false when they were disabled already. */
    async disable(tx: DbTx, id: string): Promise<boolean> {
      const rows = await tx
        .update(operators)
        .set({ disabledAt: sql`now()` })
        .where(and(eq(operators.id, id), isNull(operators.disabledAt)))
        .returning({ id: operators.id });
      return rows.length > 0;
    },
    /** Ends the operator's sessions but `keep` (the one changing the password, if any). */
    async endSessionsOf(tx: DbTx, operatorId: string, keep?: string) {
      await tx
        .update(operatorSessions)
        .set({ endedAt: sql`now()` })
        .where(
          and(
            eq(operatorSessions.operatorId, operatorId),
            isNull(operatorSessions.endedAt),
            ...(keep ? [ne(operatorSessions.tokenHash, keep)] : []),
          ),
        );
    },

    /**
     * Counts an attempt before the secret is checked, atomically: concurrent guesses get at most
     * `limit` evaluations, then the lock. Undefined while locked (with the lock's end).
     */
    async claimAttempt(id: string, limit: number, lockSeconds: number) {
      const fresh = sql`case when ${operators.lockedUntil} <= now() then 0 else ${operators.failedAttempts} end + 1`;
      const [row] = await db
        .update(operators)
        .set({
          failedAttempts: fresh,
          lockedUntil: sql`case when ${fresh} >= ${limit} then now() + make_interval(secs => ${lockSeconds}) end`,
        })
        .where(
          and(eq(operators.id, id), or(isNull(operators.lockedUntil), lt(operators.lockedUntil, sql`now()`))),
        )
        .returning({ failedAttempts: operators.failedAttempts });
      return row;
    },
    /** A right password gives its claim back (and the lock its claim may have set). */
    async giveBackAttempt(id: string) {
      await db
        .update(operators)
        .set({ failedAttempts: sql`greatest(${operators.failedAttempts} - 1, 0)`, lockedUntil: null })
        .where(eq(operators.id, id));
    },
    /** A right code: the failures are forgotten and its time step is used up. False: used before. */
    async useTotpStep(id: string, step: number): Promise<boolean> {
      const rows = await db
        .update(operators)
        .set({ totpLastStep: step, failedAttempts: 0, lockedUntil: null })
        .where(and(eq(operators.id, id), lt(operators.totpLastStep, step)))
        .returning({ id: operators.id });
      return rows.length > 0;
    },

    async insertSession(row: typeof operatorSessions.$inferInsert) {
      await db.insert(operatorSessions).values(row);
    },
    async findSession(tokenHash: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash));
      return row;
    },
    /**
     * Marks a live session seen now; undefined when it ended, sat idle too long or is too old.
     * Judged by the database's clock, the one that wrote `created_at` and `last_seen_at`.
     */
    async touchSession(tokenHash: string, idleSeconds: number, maxSeconds: number) {
      const [row] = await db
        .update(operatorSessions)
        .set({ lastSeenAt: sql`now()` })
        .where(
          and(
            eq(operatorSessions.tokenHash, tokenHash),
            isNull(operatorSessions.endedAt),
            gt(operatorSessions.lastSeenAt, sql`now() - make_interval(secs => ${idleSeconds})`),
            gt(operatorSessions.createdAt, sql`now() - make_interval(secs => ${maxSeconds})`),
          ),
        )
        .returning();
      return row;
    },
    async activateSession(tokenHash: string) {
      await db
        .update(operatorSessions)
        .set({ stage: "ACTIVE", lastSeenAt: sql`now()` })
        .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.endedAt)));
    },
    async endSession(tokenHash: string) {
      await db
        .update(operatorSessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.endedAt)));
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;

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
