import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool } from "../db/transaction.ts";
import { createIdempotencyService, type IdempotencyService } from "../modules/ledger/idempotency.service.ts";
import {
  createLedgerTestContext,
  type LedgerTestContext,
} from "../modules/ledger/test-support/ledger-test-context.ts";
import { registerErrorHandler } from "../plugins/error-handler.ts";
import { canonicalJson, readIdempotency, sendStoredResponse } from "./idempotency.ts";

// A throwaway route built the way money-moving routes will be: header read by the helper,
// work done once under the key, stored response replayed.

let t: LedgerTestContext;
let app: FastifyInstance;
let idempotency: IdempotencyService;
let runs = 0;
beforeAll(async () => {
  t = await createLedgerTestContext();
  idempotency = createIdempotencyService({ db: clientSourceFromPool(t.database.pool) });
  app = Fastify();
  registerErrorHandler(app);
  app.post<{ Params: { customer: string }; Body: { amount: string; slow?: boolean; outside?: boolean } }>(
    "/customers/:customer/pay",
    async (request, reply) => {
      const { idempotencyKey, requestHash } = readIdempotency(request, `customer:${request.params.customer}`);
      const outcome = await idempotency.run(
        {
          merchantId: t.merchantId,
          idempotencyKey,
          requestHash,
          kind: "test_pay",
          awaitsOutsideParty: request.body.outside === true,
        },
        async () => {
          runs++;
          if (request.body.slow) await new Promise((resolve) => setTimeout(resolve, 300));
          return { statusCode: 201, body: { paid: request.body.amount, run: runs } };
        },
      );
      return sendStoredResponse(reply, outcome);
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const pay = (key: string | undefined, body: Record<string, unknown>, customer = "c1") =>
  app.inject({
    method: "POST",
    url: `/customers/${customer}/pay`,
    headers: key === undefined ? {} : { "idempotency-key": key },
    payload: body,
  });

describe("Idempotency-Key over HTTP", () => {
  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["longer than 255 characters", "k".repeat(256)],
    ["not printable ASCII", "clé avec espace"],
  ])("answers 400 naming the header when the key is %s", async (_name, key) => {
    const res = await pay(key, { amount: "1.00" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "Idempotency-Key" });
  });

  it("replays the stored response for the same key and body (any key order), and runs the work once", async () => {
    const before = runs;
    const first = await pay("key-1", { amount: "5.00", note: { a: 1, b: 2 } });
    const again = await pay("key-1", { note: { b: 2, a: 1 }, amount: "5.00" });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(runs - before).toBe(1);
  });

  it("refuses the same key with another body: 422 IDEMPOTENCY_MISMATCH", async () => {
    await pay("key-2", { amount: "5.00" });
    const res = await pay("key-2", { amount: "6.00" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: "IDEMPOTENCY_MISMATCH" });
  });

  it("keeps two customers' identical keys apart", async () => {
    const a = await pay("shared-key", { amount: "1.00" }, "alice");
    const b = await pay("shared-key", { amount: "2.00" }, "bob");
    expect(a.json()).toMatchObject({ paid: "1.00" });
    expect(b.json()).toMatchObject({ paid: "2.00" });
  });

  it("makes a concurrent duplicate wait for the first and get its response", async () => {
    const before = runs;
    const [first, second] = await Promise.all([
      pay("key-3", { amount: "3.00", slow: true }),
      new Promise((r) => setTimeout(r, 50)).then(() => pay("key-3", { amount: "3.00", slow: true })),
    ]);
    expect(second?.body).toBe(first?.body);
    expect(runs - before).toBe(1);
  });

  it("answers 409 IN_PROGRESS while an outside party is awaited, then the final response", async () => {
    const started = await pay("key-4", { amount: "4.00", outside: true });
    expect(started.statusCode).toBe(201);
    const retry = await pay("key-4", { amount: "4.00", outside: true });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ error: "IN_PROGRESS" });
    const { rows } = await t.database.pool.query<{ id: string }>(
      "select id from ledger_operations where idempotency_key = 'customer:c1:key-4'",
    );
    const operationId = rows[0]?.id as string;
    const final = { statusCode: 200, body: { status: "done" } };
    await idempotency.finish({ merchantId: t.merchantId, operationId, response: final });
    await idempotency.finish({
      merchantId: t.merchantId,
      operationId,
      response: { statusCode: 500, body: null },
    });
    const after = await pay("key-4", { amount: "4.00", outside: true });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: "done" });
  });

  it("fingerprints JSON independently of key order", () => {
    expect(canonicalJson({ b: [1, { y: 2, x: 1 }], a: "s" })).toBe('{"a":"s","b":[1,{"x":1,"y":2}]}');
  });
});
