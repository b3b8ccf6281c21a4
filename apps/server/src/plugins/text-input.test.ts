import { type AddressInfo, connect } from "node:net";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { accountsDriver, newPhone } from "../modules/auth/auth.test-helpers.ts";
import { createTestApp, type TestApp } from "../test-app.ts";

let t: TestApp;
let bearer: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  // A route that takes text everywhere and writes it to PostgreSQL, which refuses U+0000.
  t.app.withTypeProvider<ZodTypeProvider>().post(
    "/test/text/:name",
    {
      schema: {
        params: z.object({ name: z.string() }),
        querystring: z.object({ q: z.string().optional() }),
        headers: z.object({ "x-note": z.string().optional() }),
        body: z.object({ items: z.array(z.object({ label: z.string() })) }),
      },
    },
    async (req) => {
      const texts = [
        req.params.name,
        req.query.q,
        req.headers["x-note"],
        ...req.body.items.map((i) => i.label),
      ];
      for (const text of texts)
        if (text !== undefined) await t.database.pool.query("select $1::text", [text]);
      return { ok: true };
    },
  );
  await t.app.ready();
  const d = accountsDriver(t.app, t.database);
  bearer = d.bearer((await d.register(newPhone())).access_token);
});
afterAll(() => t.close());

const refusal = (field: string) => ({
  status: 400,
  body: { error: "NOT_VALID_REQUEST_DATA", field, requestId: expect.any(String) },
});
const outcome = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  body: res.json(),
});

describe("U+0000 in text", () => {
  it("answers 400 naming deviceToken on PUT /v1/customer/device/push", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/v1/customer/device/push",
      headers: bearer,
      payload: { deviceId: "device-1", state: "ENABLED", deviceToken: "\u0000" },
    });
    expect(outcome(res)).toMatchObject(refusal("deviceToken"));
  });

  it("answers 400 naming the field in a body, nested or in an array", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/test/text/ok",
      payload: { items: [{ label: "fine" }, { label: "a\u0000b" }] },
    });
    expect(outcome(res)).toMatchObject(refusal("items.1.label"));
  });

  it("answers 400 naming the query parameter, the path parameter and the header", async () => {
    const items = { items: [] };
    const query = await t.app.inject({ method: "POST", url: "/test/text/ok?q=a%00", payload: items });
    expect(outcome(query)).toMatchObject(refusal("q"));
    const path = await t.app.inject({ method: "POST", url: "/test/text/a%00b", payload: items });
    expect(outcome(path)).toMatchObject(refusal("name"));
    const header = await t.app.inject({
      method: "POST",
      url: "/test/text/ok",
      headers: { "x-note": "a\u0000b" },
      payload: items,
    });
    expect(outcome(header)).toMatchObject(refusal("x-note"));
  });
});

describe("malformed URLs", () => {
  it("answers a bad percent-encoding in the path in the error shape, without echoing the URL", async () => {
    const res = await t.app.inject({ url: "/v2/customer/%E0%A4%A/profile?token=secret-value" });
    expect(outcome(res)).toMatchObject({
      status: 400,
      body: { error: "NOT_VALID_REQUEST_DATA", field: "path", requestId: expect.any(String) },
    });
    expect(res.body).not.toContain("secret-value");
    expect(res.headers["x-request-id"]).toBe(res.json().requestId);
  });
});

describe("requests Node's HTTP parser rejects", () => {
  it("answer in the error shape", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () =>
        socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"),
      );
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk.toString();
      });
      socket.on("close", () => resolve(data));
      socket.on("error", reject);
    });
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toMatchObject({
      error: "NOT_VALID_REQUEST_DATA",
      requestId: expect.any(String),
    });
  });
});
