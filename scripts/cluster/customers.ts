import { randomBytes } from "node:crypto";
import pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { loadConfig } from "../../apps/server/src/config.ts";
import { createAccessTokens } from "../../apps/server/src/modules/auth/index.ts";
import { DEMO_MERCHANT_ID } from "../../apps/server/src/modules/merchants/index.ts";

export type ClusterCustomer = { id: string; merchantId: string; phone: string; token: string };

/**
 * `count` confirmed customers of a merchant (the demo one unless told) with KYC_2 (the level every schema so far knows) and a live session each, made
 * straight in the tables (the cluster test measures sending, not signing up), with an access
 * token signed as the instances sign them (JWT_SECRET of this environment, which they share).
 * Phones are new on every run, so a database used before (DATABASE_URL) is fine.
 */
export async function makeCustomers(
  url: string,
  count: number,
  merchantId = DEMO_MERCHANT_ID,
): Promise<ClusterCustomer[]> {
  const run = randomBytes(2).readUInt16BE() % 1000;
  const customers = Array.from({ length: count }, (_, i) => ({
    id: uuidv7(),
    session: uuidv7(),
    phone: `49152${String(run).padStart(3, "0")}${String(i).padStart(5, "0")}`,
  }));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = customers.map((c) => c.id);
    await client.query(
      `insert into customers (id, merchant_id, phone, phone_confirmed, password_hash, own_referral_code, kyc_level, kyc_status)
       select c.id, $1, c.phone, true, 'not-a-password', 'CL' || substr(replace(c.id::text, '-', ''), 17), 'KYC_2', 'APPROVED'
       from unnest($2::uuid[], $3::text[]) as c(id, phone)`,
      [merchantId, ids, customers.map((c) => c.phone)],
    );
    await client.query(
      `insert into kyc_applications (id, merchant_id, customer_id, kind, target_level, status, submitted_at, decided_at)
       select gen_random_uuid(), $1, id, 'WIDGET', 'KYC_2', 'APPROVED', now(), now() from unnest($2::uuid[]) as id`,
      [merchantId, ids],
    );
    await client.query(
      `insert into kyc_customers (customer_id, merchant_id, level, status)
       select id, $1, 'KYC_2', 'APPROVED' from unnest($2::uuid[]) as id`,
      [merchantId, ids],
    );
    await client.query(
      `insert into sessions (id, merchant_id, customer_id)
       select s.id, $1, s.customer from unnest($2::uuid[], $3::uuid[]) as s(id, customer)`,
      [merchantId, customers.map((c) => c.session), ids],
    );
  } finally {
    await client.end();
  }
  const tokens = createAccessTokens(loadConfig().secrets.jwt, 3600);
  return Promise.all(
    customers.map(async (c) => ({
      id: c.id,
      merchantId,
      phone: c.phone,
      token: (
        await tokens.sign({
          customerId: c.id,
          merchantId,
          sessionId: c.session,
          kycLevel: "KYC_2",
          phone: c.phone,
        })
      ).token,
    })),
  );
}
