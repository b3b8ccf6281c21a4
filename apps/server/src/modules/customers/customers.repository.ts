import type { ClientSource, Tx } from "../../db/transaction.ts";

/** A customer of one merchant, as stored. */
export type CustomerRow = {
  id: string;
  merchantId: string;
  /** E.164 digits without '+'. */
  phone: string;
  phoneConfirmed: boolean;
  passwordHash: string;
  email: string | null;
  emailConfirmed: boolean;
  firstName: string | null;
  lastName: string | null;
  residenceCountry: string | null;
  residenceStreet: string | null;
  residenceCity: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  taxId: string | null;
  taxCountry: string | null;
  ownReferralCode: string;
  referralCode: string | null;
  referredBy: string | null;
  kycLevel: string;
  kycStatus: string;
  pushEnabled: boolean;
  failedSignIns: number;
  lockedUntil: Date | null;
  blockedAt: Date | null;
  blockedReason: string | null;
  createdAt: Date;
};
/** What sign-up stores; every other column starts at its default. */
export type NewCustomerRow = Pick<
  CustomerRow,
  "id" | "merchantId" | "phone" | "passwordHash" | "ownReferralCode"
>;

/** The columns a profile, a KYC mirror or a sign-up flow may change, by field. */
const PATCH_COLUMNS = {
  firstName: "first_name",
  lastName: "last_name",
  residenceCountry: "residence_country",
  residenceStreet: "residence_street",
  residenceCity: "residence_city",
  dateOfBirth: "date_of_birth",
  taxId: "tax_id",
  taxCountry: "tax_country",
  kycLevel: "kyc_level",
  kycStatus: "kyc_status",
  passwordHash: "password_hash",
  phoneConfirmed: "phone_confirmed",
  email: "email",
  emailConfirmed: "email_confirmed",
  referralCode: "referral_code",
  referredBy: "referred_by",
  pushEnabled: "push_enabled",
} as const satisfies Partial<Record<keyof CustomerRow, string>>;
export type CustomerPatch = Partial<Pick<CustomerRow, keyof typeof PATCH_COLUMNS>>;

// Every read of a customer answers the same columns; the date of birth as its text (a JS Date
// would move it by the server's time zone).
// The date of birth as YYYY-MM-DD from immutable parts: these columns are an INSERT's and an
// UPDATE's RETURNING list, where Citus refuses a function that is not immutable (to_char and a
// date's text output depend on settings, so they are only stable).
const DATE_OF_BIRTH = `lpad(extract(year from date_of_birth)::int::text, 4, '0') || '-' ||
  lpad(extract(month from date_of_birth)::int::text, 2, '0') || '-' ||
  lpad(extract(day from date_of_birth)::int::text, 2, '0')`;
const CUSTOMER_COLUMNS = `id, merchant_id as "merchantId", phone, phone_confirmed as "phoneConfirmed",
  password_hash as "passwordHash", email, email_confirmed as "emailConfirmed", first_name as "firstName",
  last_name as "lastName", residence_country as "residenceCountry", residence_street as "residenceStreet",
  residence_city as "residenceCity", ${DATE_OF_BIRTH} as "dateOfBirth", tax_id as "taxId",
  tax_country as "taxCountry", own_referral_code as "ownReferralCode", referral_code as "referralCode",
  referred_by as "referredBy", kyc_level as "kycLevel", kyc_status as "kycStatus", push_enabled as "pushEnabled",
  failed_sign_ins as "failedSignIns", locked_until as "lockedUntil", blocked_at as "blockedAt",
  blocked_reason as "blockedReason", created_at as "createdAt"`;

export type DeviceRow = {
  customerId: string;
  deviceId: string;
  pushToken: string | null;
  pushEnabled: boolean;
  confirmedAt: Date;
};

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

/** Reads and writes of customers outside a use-case: each method one pooled query. */
export function createCustomersRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  const one = async (text: string, values: unknown[]): Promise<CustomerRow | undefined> =>
    (await db.withClient((c) => c.query<CustomerRow>(text, values))).rows[0];
  return {
    /**
     * The back-office's search: a customer id, or part of a phone, email or name; plus the
     * customers `alsoIds` names (found by IBAN or card by their own modules). Newest first.
     */
    async search(
      merchantId: string,
      query: string,
      alsoIds: string[],
      limit: number,
    ): Promise<CustomerRow[]> {
      const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const digits = query.replace(/\D/g, "");
      const values: unknown[] = [merchantId, limit, like];
      const matches = [
        "email ilike $3",
        "(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) ilike $3",
      ];
      if (digits.length >= 3) matches.push(`phone like $${values.push(`%${digits}%`)}`);
      if (/^[0-9a-f-]{36}$/i.test(query)) matches.push(`id = $${values.push(query.toLowerCase())}`);
      if (alsoIds.length > 0) matches.push(`id = any($${values.push(alsoIds)}::uuid[])`);
      const { rows } = await db.withClient((c) =>
        c.query<CustomerRow>(
          `select ${CUSTOMER_COLUMNS} from customers
           where merchant_id = $1 and (${matches.join(" or ")})
           order by created_at desc limit $2`,
          values,
        ),
      );
      return rows;
    },
    /** The merchant's customers of these ids, as a list of operators reads them (one query). */
    async namesOf(merchantId: string, ids: string[]) {
      if (ids.length === 0) return [];
      const { rows } = await db.withClient((c) =>
        c.query<Pick<CustomerRow, "id" | "phone" | "firstName" | "lastName">>(
          `select id, phone, first_name as "firstName", last_name as "lastName" from customers
           where merchant_id = $1 and id = any($2::uuid[])`,
          [merchantId, ids],
        ),
      );
      return rows;
    },
    /** The devices a customer confirmed (the back-office's customer page). */
    async listDevices(merchantId: string, customerId: string): Promise<DeviceRow[]> {
      const { rows } = await db.withClient((c) =>
        c.query<DeviceRow>(
          `select customer_id as "customerId", device_id as "deviceId", push_token as "pushToken",
             push_enabled as "pushEnabled", confirmed_at as "confirmedAt"
           from customer_devices where merchant_id = $1 and customer_id = $2 order by confirmed_at desc`,
          [merchantId, customerId],
        ),
      );
      return rows;
    },
    /** Most signed-in calls read their customer's row: a named statement, planned once per connection. */
    findById: (merchantId: string, id: string): Promise<CustomerRow | undefined> =>
      db.withClient((c) => findCustomerSql(c, merchantId, id)),
    /** Every send by phone looks its recipient up: a named statement too. */
    async findByPhone(merchantId: string, phone: string): Promise<CustomerRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<CustomerRow>({
          name: "customers_by_phone",
          text: `select ${CUSTOMER_COLUMNS} from customers where merchant_id = $1 and phone = $2`,
          values: [merchantId, phone],
        }),
      );
      return rows[0];
    },
    findByReferralCode: (merchantId: string, code: string): Promise<CustomerRow | undefined> =>
      one(`select ${CUSTOMER_COLUMNS} from customers where merchant_id = $1 and own_referral_code = $2`, [
        merchantId,
        code,
      ]),
    async emailTaken(merchantId: string, email: string, exceptId: string): Promise<boolean> {
      const { rows } = await db.withClient((c) =>
        c.query(
          `select 1 from customers where merchant_id = $1 and lower(email) = lower($2)
             and id <> $3 and email_confirmed limit 1`,
          [merchantId, email, exceptId],
        ),
      );
      return rows.length > 0;
    },
    /**
     * Inserts, or returns undefined when the merchant has the phone already. Only the phone is
     * the conflict target: a referral code taken raises 23505, which the service retries.
     */
    insert: (row: NewCustomerRow): Promise<CustomerRow | undefined> =>
      one(
        `insert into customers (id, merchant_id, phone, password_hash, own_referral_code)
         values ($1, $2, $3, $4, $5)
         on conflict (merchant_id, phone) do nothing
         returning ${CUSTOMER_COLUMNS}`,
        [row.id, row.merchantId, row.phone, row.passwordHash, row.ownReferralCode],
      ),
    update: (merchantId: string, id: string, patch: CustomerPatch): Promise<CustomerRow | undefined> =>
      db.withClient((c) => updateCustomerSql(c, merchantId, id, patch)),
    /**
     * Claims one sign-in attempt before the password is checked: counted at once, in one
     * statement, so concurrent attempts cannot all read "not locked" and all be evaluated (the
     * row lock makes them take turns, and each re-reads the row). The claim that reaches `max`
     * locks the account until `lockUntil`; a lock that has run out starts a new count. Answers
     * the lock's end when the account is locked and nothing was claimed.
     */
    async claimSignInAttempt(
      merchantId: string,
      id: string,
      max: number,
      lockUntil: Date,
    ): Promise<{ claimed: true } | { claimed: false; lockedUntil: Date }> {
      const claimed = await db.withClient((c) =>
        c.query(
          `update customers set
             failed_sign_ins = case when locked_until <= now() then 1 else failed_sign_ins + 1 end,
             locked_until = case
               when (case when locked_until <= now() then 1 else failed_sign_ins + 1 end) >= $2
                 then $3::timestamptz
               else null end
           where merchant_id = $4 and id = $1 and (locked_until is null or locked_until <= now())
           returning id`,
          [id, max, lockUntil, merchantId],
        ),
      );
      if (claimed.rows.length > 0) return { claimed: true };
      const { rows } = await db.withClient((c) =>
        c.query<{ lockedUntil: Date | null }>(
          `select locked_until as "lockedUntil" from customers where merchant_id = $1 and id = $2`,
          [merchantId, id],
        ),
      );
      return { claimed: false, lockedUntil: rows[0]?.lockedUntil ?? lockUntil };
    },
    /** Gives back a claimed attempt whose password was right (the lock it set, if any, too). */
    async releaseSignInAttempt(merchantId: string, id: string, max: number): Promise<void> {
      await db.withClient((c) =>
        c.query(
          `update customers set failed_sign_ins = greatest(failed_sign_ins - 1, 0),
             locked_until = case when failed_sign_ins - 1 < $2 then null else locked_until end
           where merchant_id = $3 and id = $1`,
          [id, max, merchantId],
        ),
      );
    },
    async resetFailedSignIns(merchantId: string, id: string): Promise<void> {
      await db.withClient((c) =>
        c.query(
          "update customers set failed_sign_ins = 0, locked_until = null where merchant_id = $1 and id = $2",
          [merchantId, id],
        ),
      );
    },
    async isDeviceKnown(merchantId: string, customerId: string, deviceId: string): Promise<boolean> {
      const { rows } = await db.withClient((c) =>
        c.query(
          "select 1 from customer_devices where merchant_id = $1 and customer_id = $2 and device_id = $3",
          [merchantId, customerId, deviceId],
        ),
      );
      return rows.length > 0;
    },
    async rememberDevice(merchantId: string, customerId: string, deviceId: string): Promise<void> {
      await db.withClient((c) =>
        c.query(
          `insert into customer_devices (merchant_id, customer_id, device_id) values ($1, $2, $3)
           on conflict do nothing`,
          [merchantId, customerId, deviceId],
        ),
      );
    },
    async setDevicePush(
      merchantId: string,
      customerId: string,
      deviceId: string,
      enabled: boolean,
      token: string | null,
    ) {
      await db.withClient((c) =>
        c.query(
          `insert into customer_devices (merchant_id, customer_id, device_id, push_enabled, push_token)
           values ($1, $2, $3, $4, $5)
           on conflict (merchant_id, customer_id, device_id) do update set push_enabled = $4, push_token = $5`,
          [merchantId, customerId, deviceId, enabled, token],
        ),
      );
    },

    answers: (merchantId: string, customerId: string) =>
      db.withClient((c) => answersSql(c, merchantId, customerId)),
    saveAnswers: (merchantId: string, customerId: string, patch: Partial<AnswerRow>, at: Date) =>
      db.withClient((c) => saveAnswersSql(c, merchantId, customerId, patch, at)),
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;

/** The customer's row of this merchant, read through `tx` (a use-case's, or a pooled connection). */
export async function findCustomerSql(
  tx: Tx,
  merchantId: string,
  id: string,
): Promise<CustomerRow | undefined> {
  const { rows } = await tx.query<CustomerRow>({
    name: "customers_by_id",
    text: `select ${CUSTOMER_COLUMNS} from customers where merchant_id = $1 and id = $2`,
    values: [merchantId, id],
  });
  return rows[0];
}

/**
 * Writes the fields the patch sets (an absent or undefined field stays as it is) and answers the
 * row; undefined: no such customer of this merchant. An empty patch writes nothing.
 */
export async function updateCustomerSql(
  tx: Tx,
  merchantId: string,
  id: string,
  patch: CustomerPatch,
): Promise<CustomerRow | undefined> {
  const values: unknown[] = [merchantId, id];
  const sets = Object.entries(patch)
    .filter(([field, value]) => value !== undefined && field in PATCH_COLUMNS)
    .map(([field, value]) => `${PATCH_COLUMNS[field as keyof CustomerPatch]} = $${values.push(value)}`);
  if (sets.length === 0) return findCustomerSql(tx, merchantId, id);
  const { rows } = await tx.query<CustomerRow>(
    `update customers set ${sets.join(", ")} where merchant_id = $1 and id = $2 returning ${CUSTOMER_COLUMNS}`,
    values,
  );
  return rows[0];
}

/** Sets or clears an operator's block, in the use-case's transaction. False: no such customer. */
export async function setBlockedSql(
  tx: Tx,
  merchantId: string,
  id: string,
  block: { reason: string } | null,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    "update customers set blocked_at = $3, blocked_reason = $4 where merchant_id = $1 and id = $2",
    [merchantId, id, block ? new Date() : null, block?.reason ?? null],
  );
  return (rowCount ?? 0) > 0;
}

/** The stored answers' columns (table customer_answers, customers.types.ts `CustomerAnswers`). */
const ANSWER_COLUMNS = {
  isUsRelated: "is_us_related",
  usRelatedPerson: "us_related_person",
  incomeSources: "income_sources",
  additionalSources: "additional_sources",
  estimatedMonthlyTurnoverRange: "estimated_monthly_turnover_range",
  taxCountry: "tax_country",
  taxId: "tax_id",
  billingCountry: "billing_country",
  billingCity: "billing_city",
  billingAddress: "billing_address",
  billingAddress2: "billing_address2",
  billingPostalCode: "billing_postal_code",
  billingState: "billing_state",
} as const;
export type AnswerRow = {
  -readonly [K in keyof typeof ANSWER_COLUMNS]: K extends "isUsRelated"
    ? boolean | null
    : K extends "incomeSources"
      ? string[] | null
      : string | null;
};

/** The customer's stored answers, or undefined before any. */
async function answersSql(c: Tx, merchantId: string, customerId: string): Promise<AnswerRow | undefined> {
  const select = Object.entries(ANSWER_COLUMNS)
    .map(([k, col]) => `${col} as "${k}"`)
    .join(", ");
  const { rows } = await c.query<AnswerRow>(
    `select ${select} from customer_answers where merchant_id = $1 and customer_id = $2`,
    [merchantId, customerId],
  );
  return rows[0];
}

/** Writes the given columns of the customer's answers (undefined: kept as stored), in `tx`. */
export async function saveAnswersSql(
  tx: Tx,
  merchantId: string,
  customerId: string,
  patch: Partial<AnswerRow>,
  at: Date,
): Promise<void> {
  const keys = (Object.keys(patch) as (keyof AnswerRow)[]).filter((k) => patch[k] !== undefined);
  const names = keys.map((k) => ANSWER_COLUMNS[k]);
  const values = keys.map((k) => patch[k]);
  await tx.query(
    `insert into customer_answers (merchant_id, customer_id, updated_at${names.map((n) => `, ${n}`).join("")})
     values ($1, $2, $3${names.map((_, i) => `, $${i + 4}`).join("")})
     on conflict (merchant_id, customer_id) do update set updated_at = excluded.updated_at${names
       .map((n) => `, ${n} = excluded.${n}`)
       .join("")}`,
    [merchantId, customerId, at, ...values],
  );
}
