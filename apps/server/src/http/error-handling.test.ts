import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/test/echo",
      { schema: { body: z.object({ phone: z.string().min(3), amount: z.string() }) } },
      async (req) => ({
        ok: req.body.phone,
      }),
    );
  t.app.get("/test/bug", async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app/src/x.ts:12');
  });
  await t.app.ready();
});
afterAll(() => t.close());

const errorShape = {
  error: expect.any(String),
  errorId: expect.any(Number),
  message: expect.any(String),
  requestId: expect.any(String),
};

describe("error body", () => {
  it("answers malformed JSON with 400 naming the body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/test/echo",
      headers: { "content-type": "application/json" },
      payload: '{"phone": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ...errorShape, error: "NOT_VALID_REQUEST_DATA", field: "body" });
  });

  it("answers a wrong content type with 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/test/echo",
      headers: { "content-type": "text/csv" },
      payload: "phone,amount",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ ...errorShape, error: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("answers a body over 1 MB with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/test/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ phone: "x".repeat(1024 * 1024), amount: "1" }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ ...errorShape, error: "PAYLOAD_TOO_LARGE" });
  });

  it("answers an unknown route with 404 in the error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v1/no/such/thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ...errorShape, error: "NOT_FOUND" });
  });

  it("names the field that failed validation", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/test/echo",
      payload: { phone: "1", amount: "2" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "phone" });
    const missing = await t.app.inject({ method: "POST", url: "/test/echo", payload: { phone: "12345" } });
    expect(missing.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "amount" });
  });

  it("answers a thrown bug with 500, a request id and nothing internal", async () => {
    const res = await t.app.inject({ method: "GET", url: "/test/bug" });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ ...errorShape, error: "COMMON" });
    expect(body.requestId).toBe(res.headers["x-request-id"]);
    expect(res.body).not.toMatch(/secret_table|\/srv\/app|stack|\.ts/);
  });
});

describe("health", () => {
  it("answers /healthz and /readyz with 200 when the database is up", async () => {
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/readyz" })).json()).toEqual({ status: "ok" });
  });

  it("sends security headers with a CSP", async () => {
    const res = await t.app.inject({ url: "/healthz" });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});
