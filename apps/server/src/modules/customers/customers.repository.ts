import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { customerDevices, customers } from "../../db/schema/index.ts";

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
    async findById(merchantId: string, id: string): Promise<CustomerRow | undefined> {
      const [row] = await byId.execute({ merchantId, id });
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
    async update(merchantId: string, id: string, patch: CustomerPatch): Promise<CustomerRow | undefined> {
      const [row] = await db
        .update(customers)
        .set(patch)
        .where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)))
        .returning();
      return row;
    },
    /** Counts a failed sign-in; past `max` in a row the account locks until `lockUntil`. */
    async recordFailedSignIn(id: string, max: number, lockUntil: Date): Promise<void> {
      await db.execute(sql`
        update customers set failed_sign_ins = failed_sign_ins + 1,
          locked_until = case when failed_sign_ins + 1 >= ${max} then ${lockUntil.toISOString()}::timestamptz
                              else locked_until end
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
