import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { bearerHeaders } from "../auth/auth.test-helpers.ts";
import { kycDriver } from "../kyc/kyc.test-helpers.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";

// Issue 46 item 4: outside sandbox mode the acquirer, the bank and the card issuer have no adapter
// yet, and a chain is followed only for the currencies a node is configured for. What they carry
// is shown unavailable (status, catalog, wallets) and refused before anything is recorded.

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

type Component = { feature: string; state: string; since: string | null; message: string | null };

/** The production-like configuration: no sandbox parties, only an EVM node for ETH. */
const PRODUCTION_LIKE = {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  SANDBOX: "false",
  CHAIN_ETH: "evm",
  EVM_RPC_URL: "http://127.0.0.1:9",
  EVM_CHAIN_ID: "1",
  EVM_HOT_WALLET_KEY: `0x${"1".repeat(64)}`,
};

let t: TestApp;
/** The same database served as in production: what a customer's calls meet there. */
let production: FastifyInstance;
let noChain: FastifyInstance;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  // Signing up needs the sandbox's SMS; the customer then uses the production-like app.
  token = (await kycDriver(t).verifiedCustomer()).token;
  production = await buildApp(loadConfig(PRODUCTION_LIKE), { database: t.database, logger: false });
  noChain = await buildApp(loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SANDBOX: "false" }), {
    database: t.database,
    logger: false,
  });
});
afterAll(async () => {
  await production?.close();
  await noChain?.close();
  await t.close();
});

const merchant = { "x-merchant-id": DEMO_MERCHANT_ID };
async function status(app: FastifyInstance): Promise<Record<string, Component>> {
  const res = await app.inject({ url: "/v2/status", headers: merchant });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries((res.json().components as Component[]).map((c) => [c.feature, c]));
}

describe("a feature whose party is not connected", () => {
  it("is UNAVAILABLE on /v2/status, with why and no since; the others as before", async () => {
    const all = await status(production);
    for (const feature of ["PAYIN_CARD", "PAYOUT_CARD", "IBAN", "WITHDRAW_IBAN", "CARDS", "CARD_ORDER"]) {
      expect(all[feature], feature).toMatchObject({ state: "UNAVAILABLE", since: null });
    }
    expect(all.IBAN?.message).toMatch(/IBAN accounts .* not available here/);
    expect(all.CARDS?.message).toMatch(/Cards are not available here/);
    expect(all.EXCHANGE).toMatchObject({ state: "OPERATIONAL", message: null });
    // ETH has its node: crypto deposits and sends work for it.
    expect(all.PAYIN_CRYPTO?.state).toBe("OPERATIONAL");
    // With no chain for any currency, crypto is unavailable too.
    const none = await status(noChain);
    expect(none.PAYIN_CRYPTO).toMatchObject({
      state: "UNAVAILABLE",
      message: expect.stringMatching(/crypto/),
    });
    expect(none.PAYOUT_CRYPTO?.state).toBe("UNAVAILABLE");
    // The sandbox carries everything.
    expect(Object.values(await status(t.app)).every((c) => c.state === "OPERATIONAL")).toBe(true);
  });

  it("is DISABLED in the catalog with reason UNAVAILABLE; the others as before", async () => {
    const res = await production.inject({ url: "/v2/catalog/operations", headers: merchant });
    const byType = Object.fromEntries(
      (res.json().data as { operationType: string; constraint: string; reason: string }[]).map((o) => [
        o.operationType,
        o,
      ]),
    );
    expect(byType.IBAN).toMatchObject({ constraint: "DISABLED", reason: "UNAVAILABLE" });
    expect(byType.CARD_ORDER).toMatchObject({ constraint: "DISABLED", reason: "UNAVAILABLE" });
    expect(byType.PAYIN_CARD).toMatchObject({ constraint: "DISABLED", reason: "UNAVAILABLE" });
    expect(byType.EXCHANGE).toMatchObject({ constraint: "NONE", reason: "NONE" });
    expect(byType.PAYIN_CRYPTO).toMatchObject({ constraint: "NONE", reason: "NONE" });
  });

  it("refuses an IBAN order with 503 before anything is recorded: no request left IN_PROGRESS", async () => {
    const h = bearerHeaders(token);
    for (const [url, payload] of [
      ["/v2/iban/iban-requests", undefined],
      ["/v2/iban/addresses", { country: "DE", city: "Berlin", address1: "Hauptstraße 1", zipCode: "10115" }],
    ] as const) {
      const res = await production.inject({
        method: "POST",
        url,
        headers: h,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
      expect(res.json()).toMatchObject({ error: "OPERATION_UNAVAILABLE", data: { operationType: "IBAN" } });
    }
    const { rows } = await t.database.pool.query("select status from iban_requests");
    expect(rows).toEqual([]);
    const list = (await production.inject({ url: "/v2/iban/list", headers: h })).json();
    expect(list.status).toBe("NONE");
    expect(list.ibans).toEqual([]);
  });

  it("hands out no deposit address for a currency no node follows; ETH's node gets one", async () => {
    const res = await production.inject({ url: "/v2/wallets", headers: bearerHeaders(token) });
    expect(res.statusCode, res.body).toBe(200);
    type Wallet = {
      currency: string;
      address: string;
      addressUnavailableReason: string | null;
      allowOperations: string[];
    };
    const wallets = Object.fromEntries((res.json().wallets as Wallet[]).map((w) => [w.currency, w]));
    expect(wallets.ETH?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(wallets.ETH?.allowOperations).toContain("PAYIN_CRYPTO");
    for (const currency of ["BTC", "TRX", "USDC"]) {
      expect(wallets[currency], currency).toMatchObject({
        address: "",
        addressUnavailableReason: expect.stringContaining(currency),
      });
      expect(wallets[currency]?.allowOperations).not.toContain("PAYIN_CRYPTO");
    }
    // Nothing was derived for the chains nobody follows.
    const { rows } = await t.database.pool.query<{ chain: string }>("select chain from deposit_addresses");
    expect(rows.map((r) => r.chain)).toEqual(["ethereum"]);
    // The catalog's currencies say the same.
    const currencies = (await production.inject({ url: "/v1/catalog/currencies", headers: merchant })).json()
      .data as { code: string; features: string[] }[];
    expect(currencies.find((c) => c.code === "BTC")?.features).not.toContain("PAYIN_CRYPTO");
    expect(currencies.find((c) => c.code === "ETH")?.features).toContain("PAYIN_CRYPTO");
  });
});
