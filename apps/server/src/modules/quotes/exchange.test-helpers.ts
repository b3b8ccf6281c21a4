import { v7 as uuidv7 } from "uuid";
import { holdRowLock } from "../../db/test-database.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";

const OFFER = "/v1/mobile/exchange/offer";

/** A clock the test moves: the quote engine reads it for validity (offers live 20 seconds). */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(seconds: number) {
      offsetMs += seconds * 1000;
    },
  };
}

/** The app with a clock of the test's, and the exchange calls over HTTP. */
export async function exchangeTestApp() {
  const clock = testClock();
  return exchangeDriver(await createTestApp({}, { clock: clock.now }), clock);
}

/** The exchange calls over HTTP on an app already built (`clock`: the one the app reads). */
export function exchangeDriver(t: TestApp, clock = testClock()) {
  const d = cryptoDriver(t);
  let keys = 0;
  const call = (
    token: string,
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: unknown,
    key?: string | null,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...d.bearer(token), ...(key ? { "idempotency-key": key } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const x = {
    t,
    d,
    clock,
    pairs: (token: string, query = "") => call(token, "GET", `/v2/exchange/currencies${query}`),
    create: (token: string, body: Record<string, unknown>) => call(token, "POST", OFFER, body),
    update: (token: string, body: Record<string, unknown>) => call(token, "PUT", OFFER, body),
    /** Executes with the offer id as the key (as the web app does) unless told. */
    execute: (token: string, offerId: string, key: string | null = offerId) =>
      call(token, "PUT", `${OFFER}/${offerId}`, undefined, key),
    nextKey: () => `key-${++keys}`,
    /** The wallet's balance; "none" while the customer has no wallet of the currency. */
    balance: async (token: string, currency: string) =>
      (await d.wallets(token)).find((w) => w.currency === currency)?.balance ?? "none",
    /** Sandbox money into a wallet, at the customer's merchant. */
    faucet: (phone: string, currency: string, amount: string, merchantId?: string) =>
      t.app.inject({
        method: "POST",
        url: "/sandbox/wallets/credit",
        headers: {
          "idempotency-key": `faucet-${++keys}`,
          ...(merchantId ? { "x-merchant-id": merchantId } : {}),
        },
        payload: { phone, currency, amount },
      }),
    /** Rows a refused execution must not leave: operations, history, limit usage. */
    async traces(customerId: string) {
      const { rows } = await t.database.pool.query<{ ops: string; history: string; usage: string }>(
        `select (select count(*) from ledger_operations where kind = 'exchange' and metadata->>'customerId' = $1) as ops,
                (select count(*) from history_entries where customer_id = $1::uuid and type = 'EXCHANGE') as history,
                (select count(*) from kyc_usage where customer_id = $1::uuid and operation_type = 'EXCHANGE'
                   and released_at is null) as usage`,
        [customerId],
      );
      return rows[0];
    },
    /** The offer's row locked by the test, as a concurrent pay or re-price holds it. */
    holdOffer: (offerId: string) =>
      holdRowLock(t.database.pool, "select 1 from quote_offers where id = $1 for update", [offerId]),
    /**
     * An open offer written straight into the table (10 USDT for 9.00 EUR, no fees): for customers
     * the engine would not price for (maintenance, KYC level), to prove execution checks again.
     */
    async storedOffer(customerId: string, merchantId: string): Promise<string> {
      const id = uuidv7();
      await t.database.pool.query(
        `insert into quote_offers (merchant_id, id, customer_id, kind, status, currency_from, currency_to, fixed_side,
           amount_from, amount_to, converted, house_remainder, fee_transaction, fee_additional, fee_fix, fee_total,
           transaction_bps, additional_bps, promo_applied, rate, mid_rate, expires_at, created_at, updated_at)
         values ($1, $2, $3, 'EXCHANGE', 'open', 'USDT', 'EUR', 'from', 10000000, 900, 10000000, 0, 0, 0, 0, 0,
           0, 0, false, 900000000000000000, 900000000000000000, $4, $5, $5)`,
        [merchantId, id, customerId, new Date(clock.now().getTime() + 20_000), clock.now()],
      );
      return id;
    },
  };
  return x;
}

export type ExchangeTest = Awaited<ReturnType<typeof exchangeTestApp>>;
export type { TestApp };
