import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, DbTx } from "../../db/database.ts";
import { customerDevices, customers } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;
export type CustomerPatch = Partial<
  Pick<
    CustomerRow,
    | "firstName"
    | "lastName"
    | "residenceCountry"
    | "residenceStreet"
    | "residenceCity"
    | "dateOfBirth"
    | "taxId"
    | "taxCountry"
    | "kycLevel"
    | "kycStatus"
    | "passwordHash"
    | "phoneConfirmed"
    | "email"
    | "emailConfirmed"
    | "referralCode"
    | "referredBy"
    | "pushEnabled"
  >
>;

/** Every query names the merchant: a customer id alone never reaches another merchant's row. */
/**
 * Whether an operator blocked the customer, their row held (FOR SHARE) until `tx` ends: a block
 * committing meanwhile waits for the caller's money movement, and one committed before is seen.
 * Undefined: no such customer of this merchant.
 */
export async function lockBlockedSql(tx: Tx, merchantId: string, id: string): Promise<boolean | undefined> {
  const { rows } = await tx.query<{ blocked: boolean }>({
    name: "customers_lock_blocked",
    text: "select blocked_at is not null as blocked from customers where id = $1 and merchant_id = $2 for share",
    values: [id, merchantId],
  });
  return rows[0]?.blocked;
}

/** A new password hash, in the use-case's transaction (its security event commits with it). */
export async function setPasswordHashSql(
  tx: Tx,
  merchantId: string,
  id: string,
  hash: string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    "update customers set password_hash = $3 where id = $2 and merchant_id = $1",
    [merchantId, id, hash],
  );
  return (rowCount ?? 0) > 0;
}

/** A new, not yet confirmed email, in the use-case's transaction. */
export async function setEmailSql(tx: Tx, merchantId: string, id: string, email: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    "update customers set email = $3, email_confirmed = false where id = $2 and merchant_id = $1",
    [merchantId, id, email],
  );
  return (rowCount ?? 0) > 0;
}

export function createCustomersRepository(db: Db) {
  // Every send by phone looks its recipient up: prepared once per connection.
  const byPhone = db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, sql.placeholder("merchantId")),
        eq(customers.phone, sql.placeholder("phone")),
      ),
    )
    .prepare("customers_by_phone");
  // ...and reads its sender's row (phone, KYC mirror), as most signed-in calls read theirs.
  const byId = db
    .select()
    .from(customers)
    .where(
      and(eq(customers.merchantId, sql.placeholder("merchantId")), eq(customers.id, sql.placeholder("id"))),
    )
    .prepare("customers_by_id");
  return {
    /**
     * The back-office's search: a customer id, or part of a phone, email or name; plus the
     * customers `alsoIds` names (found by IBAN or card by their own modules). Newest first.
     */
    search(merchantId: string, query: string, alsoIds: string[], limit: number): Promise<CustomerRow[]> {
      const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const digits = query.replace(/\D/g, "");
      const matches: SQL[] = [
        ilike(customers.email, like),
        ilike(sql`coalesce(${customers.firstName}, '') || ' ' || coalesce(${customers.lastName}, '')`, like),
      ];
      if (digits.length >= 3) matches.push(sql`${customers.phone} like ${`%${digits}%`}`);
      if (/^[0-9a-f-]{36}$/i.test(query)) matches.push(eq(customers.id, query.toLowerCase()));
      if (alsoIds.length > 0) matches.push(inArray(customers.id, alsoIds));
      return db
        .select()
        .from(customers)
        .where(and(eq(customers.merchantId, merchantId), or(...matches)))
        .orderBy(desc(customers.createdAt))
        .limit(limit);
    },
    /** The merchant's customers of these ids, as a list of operators reads them (one query). */
    namesOf(merchantId: string, ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: customers.id,
          phone: customers.phone,
          firstName: customers.firstName,
          lastName: customers.lastName,
        })
        .from(customers)
        .where(and(eq(customers.merchantId, merchantId), inArray(customers.id, ids)));
    },
    /** Sets or clears an operator's block, in the caller's transaction. False: no such customer. */
    async setBlocked(merchantId: string, id: string, block: { reason: string } | null, tx: DbTx) {
      const rows = await tx
        .update(customers)
        .set(
          block
            ? { blockedAt: new Date(), blockedReason: block.reason }
            : { blockedAt: null, blockedReason: null },
        )
        .where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)))
        .returning({ id: customers.id });
      return rows.length > 0;
    },
    /** The devices a customer confirmed (the back-office's customer page). */
    listDevices(customerId: string) {
      return db
        .select()
        .from(customerDevices)
        .where(eq(customerDevices.customerId, customerId))
        .orderBy(desc(customerDevices.confirmedAt));
    },
    /** With `tx`, read in the caller's transaction (it may have locked or written the row). */
    async findById(merchantId: string, id: string, tx?: DbTx): Promise<CustomerRow | undefined> {
      const [row] = tx
        ? await tx
            .select()
            .from(customers)
            .where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)))
        : await byId.execute({ merchantId, id });
      return row;
    },
    async findByPhone(merchantId: string, phone: string): Promise<CustomerRow | undefined> {
      const [row] = await byPhone.execute({ merchantId, phone });
      return row;
    },
    async findByReferralCode(merchantId: string, code: string): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.merchantId, merchantId), eq(customers.ownReferralCode, code)));
      return row;
    },
    async emailTaken(merchantId: string, email: string, exceptId: string): Promise<boolean> {
      const rows = await db.execute(sql`
        select 1 from customers where merchant_id = ${merchantId} and lower(email) = lower(${email})
          and id <> ${exceptId} and email_confirmed limit 1`);
      return rows.rows.length > 0;
    },
    /** Inserts, or returns undefined when the (merchant, phone) pair exists already. */
    async insert(row: NewCustomerRow): Promise<CustomerRow | undefined> {
      const [created] = await db.insert(customers).values(row).onConflictDoNothing().returning();
      return created;
    },
    /** With `tx`, written in the caller's transaction: it commits or rolls back with it. */
    async update(
      merchantId: string,
      id: string,
      patch: CustomerPatch,
      tx?: DbTx,
    ): Promise<CustomerRow | undefined> {
      const [row] = await (tx ?? db)
        .update(customers)
        .set(patch)
        .where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)))
        .returning();
      return row;
    },
    /**
     * Claims one sign-in attempt before the password is checked: counted at once, in one
     * statement, so concurrent attempts cannot all read "not locked" and all be evaluated (the
     * row lock makes them take turns, and each re-reads the row). The claim that reaches `max`
     * locks the account until `lockUntil`; a lock that has run out starts a new count. Answers
     * the lock's end when the account is locked and nothing was claimed.
     */
    async claimSignInAttempt(
      id: string,
      max: number,
      lockUntil: Date,
    ): Promise<{ claimed: true } | { claimed: false; lockedUntil: Date }> {
      const claimed = await db.execute(sql`
        update customers set
          failed_sign_ins = case when locked_until <= now() then 1 else failed_sign_ins + 1 end,
          locked_until = case
            when (case when locked_until <= now() then 1 else failed_sign_ins + 1 end) >= ${max}
              then ${lockUntil.toISOString()}::timestamptz
            else null end
        where id = ${id} and (locked_until is null or locked_until <= now())
        returning id`);
      if (claimed.rows.length > 0) return { claimed: true };
      const [row] = await db
        .select({ lockedUntil: customers.lockedUntil })
        .from(customers)
        .where(eq(customers.id, id));
      return { claimed: false, lockedUntil: row?.lockedUntil ?? lockUntil };
    },
    /** Gives back a claimed attempt whose password was right (the lock it set, if any, too). */
    async releaseSignInAttempt(id: string, max: number): Promise<void> {
      await db.execute(sql`
        update customers set failed_sign_ins = greatest(failed_sign_ins - 1, 0),
          locked_until = case when failed_sign_ins - 1 < ${max} then null else locked_until end
        where id = ${id}`);
    },
    async resetFailedSignIns(id: string): Promise<void> {
      await db.update(customers).set({ failedSignIns: 0, lockedUntil: null }).where(eq(customers.id, id));
    },
    async isDeviceKnown(customerId: string, deviceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: customerDevices.deviceId })
        .from(customerDevices)
        .where(and(eq(customerDevices.customerId, customerId), eq(customerDevices.deviceId, deviceId)));
      return row !== undefined;
    },
    async rememberDevice(customerId: string, deviceId: string): Promise<void> {
      await db.insert(customerDevices).values({ customerId, deviceId }).onConflictDoNothing();
    },
    async setDevicePush(customerId: string, deviceId: string, enabled: boolean, token: string | null) {
      await db
        .insert(customerDevices)
        .values({ customerId, deviceId, pushEnabled: enabled, pushToken: token })
        .onConflictDoUpdate({
          target: [customerDevices.customerId, customerDevices.deviceId],
          set: { pushEnabled: enabled, pushToken: token },
        });
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
