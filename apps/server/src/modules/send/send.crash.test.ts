import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createTestDatabase, type TestDatabase } from "../../db/test-database.ts";
import { type ServerProcess, startServerProcess } from "../../server-process.ts";
import { createAccessTokens } from "../auth/index.ts";
import { checkInvariants } from "../ledger/index.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";

const SENDS = 240;
const CONCURRENCY = 12;
const SENDER = "4915199000001";
const RECIPIENT = "4915199000002";

let db: TestDatabase;
let server: ServerProcess | undefined;
let token: string;

/** Two confirmed customers, the sender signed in (a session and its token, made directly). */
async function seedCustomers() {
  const [a, b] = [uuidv7(), uuidv7()];
  await db.pool.query(
    `insert into customers (id, merchant_id, phone, phone_confirmed, password_hash, own_referral_code)
     values ($1, $3, $4, true, 'x', 'CRASHA'), ($2, $3, $5, true, 'x', 'CRASHB')`,
    [a, b, DEMO_MERCHANT_ID, SENDER, RECIPIENT],
  );
  // Sending by phone needs KYC_2: an approved verification, as the reviewer would leave it.
  await db.pool.query(
    `insert into kyc_applications (id, merchant_id, customer_id, kind, target_level, status, submitted_at, decided_at)
     values ($1, $2, $3, 'WIDGET', 'KYC_2', 'APPROVED', now(), now())`,
    [uuidv7(), DEMO_MERCHANT_ID, a],
  );
  const sessionId = uuidv7();
  await db.pool.query("insert into sessions (id, merchant_id, customer_id) values ($1, $2, $3)", [
    sessionId,
    DEMO_MERCHANT_ID,
    a,
  ]);
  const tokens = createAccessTokens(loadConfig({}).secrets.jwt, 3600);
  return (await tokens.sign({ customerId: a, merchantId: DEMO_MERCHANT_ID, sessionId, kycLevel: "KYC_2" }))
    .token;
}

const send = (url: string, key: string) =>
  fetch(`${url}/v1/wallet/send`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": key },
    body: JSON.stringify({ phone: RECIPIENT, amount: "0.01", currency: "EUR" }),
  });

const balance = async (phone: string) => {
  const { rows } = await db.pool.query<{ balance: string }>(
    `select (a.credits_posted - a.debits_posted)::text as balance from ledger_accounts a
     join customers c on c.id = a.owner_id where c.phone = $1 and a.currency = 'EUR'`,
    [phone],
  );
  return rows[0]?.balance;
};

beforeAll(async () => {
  db = await createTestDatabase();
  token = await seedCustomers();
  server = await startServerProcess(db.url, { LOG_LEVEL: "silent" });
  const credit = await fetch(`${server.url}/sandbox/wallets/credit`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "idempotency-key": "crash-funding",
      "x-merchant-id": DEMO_MERCHANT_ID,
    },
    body: JSON.stringify({ phone: SENDER, currency: "EUR", amount: "10" }),
  });
  expect(credit.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await db.drop();
});

describe("a server killed in the middle of a send load", () => {
  it("applies every operation exactly once after clients retry with their keys", async () => {
    const keys = Array.from({ length: SENDS }, (_, i) => `crash-${i}`);
    const first = new Map<string, string>();
    let answered = 0;
    // Clients send; after a third of the answers the server is killed with SIGKILL mid-load.
    let next = 0;
    const killed = (async () => {
      while (answered < SENDS / 3) await new Promise((r) => setTimeout(r, 5));
      await server?.kill();
    })();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < keys.length) {
          const key = keys[next++] as string;
          try {
            const res = await send((server as ServerProcess).url, key);
            if (res.status === 200) first.set(key, await res.text());
            answered++;
          } catch {
            // Connection refused or reset: the client does not know whether it went through.
          }
        }
      }),
    );
    await killed;
    expect(first.size).toBeGreaterThan(0);
    expect(first.size).toBeLessThan(SENDS);

    // Restart on the same database; every client retries every key until it gets an answer.
    server = await startServerProcess(db.url, { LOG_LEVEL: "silent" });
    for (let i = 0; i < keys.length; i += CONCURRENCY) {
      const batch = keys.slice(i, i + CONCURRENCY);
      const answers = await Promise.all(batch.map((k) => send((server as ServerProcess).url, k)));
      for (const [j, res] of answers.entries()) {
        const key = batch[j] as string;
        expect(res.status, key).toBe(200);
        const body = await res.text();
        // A key answered before the crash gets the very same answer (nothing moved again).
        if (first.has(key)) expect(body).toBe(first.get(key));
      }
    }

    const { rows } = await db.pool.query<{ n: string }>(
      "select count(*)::text as n from ledger_operations where kind = 'transfer_mobile'",
    );
    expect(rows[0]?.n).toBe(String(SENDS));
    expect(await balance(SENDER)).toBe(String(1000 - SENDS));
    expect(await balance(RECIPIENT)).toBe(String(SENDS));
    const client = await db.pool.connect();
    try {
      const broken = (await checkInvariants(client)).filter((v) => v.violations.length > 0);
      expect(broken.map((b) => b.name)).toEqual([]);
    } finally {
      client.release();
    }
  }, 180_000);
});
