import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../../app-deps.ts";
import type { OperationType } from "../../db/schema/index.ts";
import { AppError } from "../../http/app-error.ts";
import { operationGuard } from "../../http/operation-guard.ts";
import { createServices } from "../../services.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";

let t: TestApp;
let deps: AppDeps;
beforeAll(async () => {
  t = await createTestApp();
  deps = { config: t.config, database: t.database, services: createServices(t.config, t.database) };
  // Stands in for the auth plugin: a test header becomes the signed-in customer.
  const asCustomer = async (req: FastifyRequest) => {
    const claims = req.headers["x-test-customer"];
    if (typeof claims === "string") Object.assign(req, { customer: JSON.parse(claims) });
  };
  for (const type of ["EXCHANGE", "DEPOSITS", "IBAN", "PAYOUT_CRYPTO"] as OperationType[]) {
    t.app.post(
      `/test/${type}`,
      { onRequest: asCustomer, preHandler: operationGuard(deps, type) },
      async () => ({
        ok: true,
      }),
    );
  }
  await t.app.ready();
});
afterAll(() => t.close());

const call = (type: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `/test/${type}`, headers });
const nimbus = { "x-merchant-id": NIMBUS_MERCHANT_ID };

describe("operationGuard", () => {
  it("lets an open operation through", async () => {
    expect((await call("EXCHANGE")).json()).toEqual({ ok: true });
  });

  it("refuses an operation under maintenance with 503 and reason MAINTENANCE", async () => {
    const res = await call("DEPOSITS", nimbus);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      error: "OPERATION_MAINTENANCE",
      data: { reason: "MAINTENANCE", operationType: "DEPOSITS" },
    });
  });

  it("refuses a disabled operation with 403 and reason DISABLED", async () => {
    const res = await call("IBAN", nimbus);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: "OPERATION_DISABLED", data: { reason: "DISABLED" } });
    expect((await call("IBAN")).statusCode).toBe(200); // the demo merchant offers it
  });

  it("refuses a caller below the permitted KYC level with 403, the levels required and a reason", async () => {
    const res = await call("PAYOUT_CRYPTO");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: "KYC_LEVEL_TOO_LOW",
      errorId: 1103,
      data: { reason: "KYC_REQUIRED", required: ["KYC_2"], operationType: "PAYOUT_CRYPTO" },
    });
  });

  it("uses the signed-in customer's KYC level and merchant", async () => {
    const verified = JSON.stringify({ kycLevel: "KYC_2", merchantId: DEMO_MERCHANT_ID });
    expect((await call("PAYOUT_CRYPTO", { "x-test-customer": verified })).statusCode).toBe(200);
    const unverified = JSON.stringify({ kycLevel: "KYC_0", merchantId: DEMO_MERCHANT_ID });
    expect((await call("PAYOUT_CRYPTO", { "x-test-customer": unverified })).statusCode).toBe(403);
    // The token's merchant wins over the host's (default) merchant.
    const nimbusCustomer = JSON.stringify({ kycLevel: "KYC_2", merchantId: NIMBUS_MERCHANT_ID });
    expect((await call("DEPOSITS", { "x-test-customer": nimbusCustomer })).statusCode).toBe(503);
  });
});

describe("catalog service rules for the accounts issue", () => {
  it("tells KYC_VERIFYING and KYC_REJECTED from KYC_REQUIRED by the customer's KYC status", async () => {
    const refusal = (kycStatus: string) =>
      deps.services.catalog
        .assertOperationAllowed({
          merchantId: DEMO_MERCHANT_ID,
          operationType: "PAYIN_CARD",
          kycLevel: "KYC_0",
          kycStatus,
        })
        .then(
          () => undefined,
          (err: AppError) => err.data?.reason,
        );
    expect(await refusal("UNDER_REVIEW")).toBe("KYC_VERIFYING");
    expect(await refusal("REJECTED")).toBe("KYC_REJECTED");
    expect(await refusal("NONE")).toBe("KYC_REQUIRED");
  });

  it("computes each operation's reason for a given customer", async () => {
    const list = await deps.services.catalog.listOperations({
      merchantId: DEMO_MERCHANT_ID,
      customer: { kycLevel: "KYC_0", kycStatus: "IN_PROGRESS" },
    });
    const reason = (type: string) => list.find((o) => o.operationType === type)?.reason;
    expect(reason("EXCHANGE")).toBe("NONE");
    expect(reason("PAYOUT_CRYPTO")).toBe("KYC_VERIFYING");
  });

  it("refuses a blocked country with 403 COUNTRY_BLOCKED_FOR_REGISTRATION and lets others pass", async () => {
    const { catalog, merchants } = deps.services;
    const merchant = await merchants.merchantById(DEMO_MERCHANT_ID, "merchantId");
    expect(() => catalog.assertCountryAllowed(merchant, "DE")).not.toThrow();
    let refused: unknown;
    try {
      catalog.assertCountryAllowed(merchant, "IR", "residenceCountry");
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 403,
      code: "COUNTRY_BLOCKED_FOR_REGISTRATION",
      field: "residenceCountry",
      data: { reason: "COUNTRY_BLOCKED", country: "IR" },
    });
  });
});
