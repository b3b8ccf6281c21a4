import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { loadConfig } from "../../apps/server/src/config.ts";
import { createAccessTokens } from "../../apps/server/src/modules/auth/index.ts";
import { DEMO_MERCHANT_ID } from "../../apps/server/src/modules/merchants/index.ts";
import { BENCH_ACCOUNTS } from "./ledger-setup.ts";
import type { RunResult } from "./pgbench.ts";

/** The phone of bench customer n: a valid German mobile number, unique per n. */
const phoneOf = (n: number) => `49151${String(n).padStart(8, "0")}`;

/**
 * Makes the bench's 10,000 wallet owners real customers of the demo merchant (confirmed phones),
 * each with a live session, and answers an access token per customer, signed as the server signs
 * them. Set-up goes straight to the tables: the benchmark measures sending, not signing up.
 */
export async function prepareHttpCustomers(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into customers (id, merchant_id, phone, phone_confirmed, password_hash, own_referral_code, kyc_level, kyc_status)
       select bench.account(n), $1, '49151' || lpad(n::text, 8, '0'), true, 'not-a-password', 'B' || n, 'KYC_2', 'APPROVED'
       from generate_series(1, $2::int) as n`,
      [DEMO_MERCHANT_ID, BENCH_ACCOUNTS],
    );
    // Sending by phone needs KYC_2: an approved verification each, as the reviewer would leave it.
    await client.query(
      `insert into kyc_applications (id, merchant_id, customer_id, kind, target_level, status, submitted_at, decided_at)
       select gen_random_uuid(), $1, bench.account(n), 'WIDGET', 'KYC_2', 'APPROVED', now(), now()
       from generate_series(1, $2::int) as n`,
      [DEMO_MERCHANT_ID, BENCH_ACCOUNTS],
    );
    // ...and the KYC state the reviewer's decision leaves (the state keeper's row per customer).
    await client.query(
      `insert into kyc_customers (customer_id, merchant_id, level, status)
       select bench.account(n), $1, 'KYC_2', 'APPROVED' from generate_series(1, $2::int) as n`,
      [DEMO_MERCHANT_ID, BENCH_ACCOUNTS],
    );
    const sessions = Array.from({ length: BENCH_ACCOUNTS }, () => uuidv7());
    await client.query(
      `insert into sessions (id, merchant_id, customer_id)
       select s.id, $1, bench.account(s.n::int) from unnest($2::uuid[]) with ordinality as s(id, n)`,
      [DEMO_MERCHANT_ID, sessions],
    );
    // Fresh statistics, as a live database has them: plans made now fit 10,000 customers.
    await client.query("analyze");
    const tokens = createAccessTokens(loadConfig({}).secrets.jwt, 3600);
    const owners = await client.query<{ id: string; n: number }>(
      "select bench.account(n)::text as id, n from generate_series(1, $1::int) as n",
      [BENCH_ACCOUNTS],
    );
    return Promise.all(
      owners.rows.map(async (row, i) => {
        const claims = {
          customerId: row.id,
          merchantId: DEMO_MERCHANT_ID,
          sessionId: sessions[i] as string,
          kycLevel: "KYC_2",
          phone: phoneOf(row.n),
        };
        return (await tokens.sign(claims)).token;
      }),
    );
  } finally {
    await client.end();
  }
}

/**
 * POST /v1/wallet/send by phone at `connections` concurrency for `seconds`: a random sender (its
 * own token) to a random other customer, or always to customer 1 (`hot`), each with a fresh
 * Idempotency-Key. Answers transfers/s and latency; non-2xx answers are counted as failed.
 */
export async function runHttpSends(opts: {
  url: string;
  tokens: string[];
  connections: number;
  seconds: number;
  hot: boolean;
  /** Senders drawn from the first `senders` customers only (default all): their history grows. */
  senders?: number;
}): Promise<RunResult> {
  const pickAny = () => 1 + Math.floor(Math.random() * BENCH_ACCOUNTS);
  const pickSender = () => 1 + Math.floor(Math.random() * (opts.senders ?? BENCH_ACCOUNTS));
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    requests: [
      {
        method: "POST",
        path: "/v1/wallet/send",
        setupRequest: (req) => {
          let from = pickSender();
          let to = opts.hot ? 1 : pickAny();
          while (to === from) {
            from = pickSender();
            to = opts.hot ? 1 : pickAny();
          }
          return {
            ...req,
            headers: {
              "content-type": "application/json",
              // As the web app sends it: the merchant by id, from the per-instance cache.
              "x-merchant-id": DEMO_MERCHANT_ID,
              authorization: `Bearer ${opts.tokens[from - 1]}`,
              "idempotency-key": randomUUID(),
            },
            body: JSON.stringify({ phone: phoneOf(to), amount: "0.01", currency: "EUR" }),
          };
        },
      },
    ],
  });
  const ok = result.requests.total - result.non2xx;
  return {
    tps: ok / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    transactions: ok,
    failed: result.non2xx + result.errors,
  };
}
