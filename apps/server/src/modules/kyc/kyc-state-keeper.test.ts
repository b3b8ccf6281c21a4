import { randomBytes } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../../db/database.ts";
import { createTestDatabase, type TestDatabase } from "../../db/test-database.ts";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { createServices } from "../../services.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { createKycRepository } from "./kyc.repository.ts";
import { createKycStateKeeper } from "./kyc-state-keeper.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** A customer whose mirror is out of date (UNDER_REVIEW with no application): the change corrects it. */
async function customerWithProfile(): Promise<string> {
  const id = uuidv7();
  await database.pool.query(
    `insert into customers (id, merchant_id, phone, password_hash, own_referral_code, first_name,
       last_name, residence_country, residence_street, residence_city, date_of_birth, kyc_status)
     values ($1, $2, $3, 'x', $4, 'Ada', 'Lovelace', 'DE', '1 Main St', 'Berlin', '1990-01-01', 'UNDER_REVIEW')`,
    [id, DEMO_MERCHANT_ID, `49${Date.now()}`.slice(0, 13), randomBytes(4).toString("hex")],
  );
  return id;
}

describe("a KYC state change", () => {
  it("reads and mirrors the customer's level in its own transaction: one connection is enough", async () => {
    const customerId = await customerWithProfile();
    // A pool of one: a second connection asked for while the change holds the customer's lock
    // would never come (with 20 connections, 20 changes at once would stall the server so).
    const single = openDatabase(database.url, { max: 1 });
    try {
      const sql = clientSourceFromPool(single.pool);
      const keeper = createKycStateKeeper({
        db: sql,
        repository: createKycRepository({ db: sql }),
        // The customers service as the server wires it, on the same pool of one.
        customers: createServices(loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }), single).customers,
      });
      const applied = await Promise.race([
        keeper.change(DEMO_MERCHANT_ID, customerId, async ({ customer }) => customer.id),
        new Promise((resolve) => setTimeout(() => resolve("waited 10 s for a second connection"), 10_000)),
      ]);
      expect(applied).toBe(customerId);
    } finally {
      await single.close();
    }
    const { rows } = await database.pool.query("select kyc_level, kyc_status from customers where id = $1", [
      customerId,
    ]);
    expect(rows).toEqual([{ kyc_level: "KYC_0", kyc_status: "NONE" }]);
  }, 20_000);
});
