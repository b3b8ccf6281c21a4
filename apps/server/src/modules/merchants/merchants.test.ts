import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "./merchants.seed.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /web/info", () => {
  it("gives the default merchant's data when nothing names one", async () => {
    const res = await t.app.inject({ url: "/web/info?locale=en&variant=merchantData" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: expect.objectContaining({
        title: "Kestrel Wallet",
        merchantBackendId: DEMO_MERCHANT_ID,
        supportChatKey: null,
      }),
    });
  });

  it("picks the merchant by host name, and by X-Merchant-ID over the host", async () => {
    const byHost = await t.app.inject({
      url: "/web/info?variant=merchantData",
      headers: { host: "nimbus.localhost:3000" },
    });
    expect(byHost.json().data.title).toBe("Nimbus Pay");
    const byHeader = await t.app.inject({
      url: "/web/info?variant=merchantData",
      headers: { host: "nimbus.localhost", "x-merchant-id": DEMO_MERCHANT_ID },
    });
    expect(byHeader.json().data.merchantBackendId).toBe(DEMO_MERCHANT_ID);
    expect(NIMBUS_MERCHANT_ID).not.toBe(DEMO_MERCHANT_ID);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await t.app.inject({ url: "/web/info?variant=settingsData" });
    expect(first.headers["cache-control"]).toContain("max-age");
    const again = await t.app.inject({
      url: "/web/info?variant=settingsData",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ["/web/info?variant=everything", "variant"],
    ["/web/info", "variant"],
    ["/web/info?variant=merchantData&locale=xx-<script>", "locale"],
  ])("refuses %s with 400 naming %s", async (url, field) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
  });

  it("refuses an unknown or malformed merchant id with 400", async () => {
    const unknown = await t.app.inject({
      url: "/web/info?variant=merchantData",
      headers: { "x-merchant-id": "0193a9e0-0000-7000-8000-0000000000ff" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: "MERCHANT_NOT_FOUND", field: "X-Merchant-ID" });
    const malformed = await t.app.inject({
      url: "/web/info?variant=merchantData",
      headers: { "x-merchant-id": "42" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: "X-Merchant-ID" });
  });
});
