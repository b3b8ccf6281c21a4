import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";

// Addresses the shipped IP database maps to these countries (checked against the .mmdb file):
const GERMANY = "46.4.0.1"; // Hetzner, Nuremberg
const GERMANY_V6 = "2003::1"; // Deutsche Telekom
const RUSSIA = "95.167.0.1"; // Rostelecom
const IRAN = "2.176.0.1"; // TCI
const YANDEX_MOSCOW = "77.88.8.8"; // Yandex DNS: placed in Serbia by the database used before
const FRANCE = "90.0.0.1"; // Orange
const PROXY = "10.0.0.1";

// Sandbox mode on (the test default) behind one trusted proxy. With sandbox mode off the app
// cannot start yet (no production SMS adapter), so http/client-ip.test.ts proves that case.
let sandbox: TestApp;
beforeAll(async () => {
  sandbox = await createTestApp({ TRUSTED_PROXIES: PROXY });
});
afterAll(() => sandbox.close());

const locate = (app: TestApp, headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") =>
  app.app.inject({ url: "/location?locale=en", headers, remoteAddress });

describe("GET /location", () => {
  it("finds Germany from a German IPv4 and IPv6 address, not blocked", async () => {
    const res = await locate(sandbox, { "x-sandbox-client-ip": GERMANY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { country: "DE", blocked: false } });
    const v6 = await locate(sandbox, { "x-sandbox-client-ip": GERMANY_V6 });
    expect(v6.json().data).toEqual({ country: "DE", blocked: false });
  });

  it("says blocked for a country on the merchant's blocked list", async () => {
    const ru = await locate(sandbox, { "x-sandbox-client-ip": RUSSIA });
    expect(ru.json().data).toEqual({ country: "RU", blocked: true });
    const ir = await locate(sandbox, { "x-sandbox-client-ip": IRAN });
    expect(ir.json().data).toEqual({ country: "IR", blocked: true });
  });

  it("says blocked for 77.88.8.8, a Moscow network", async () => {
    const res = await locate(sandbox, { "x-sandbox-client-ip": YANDEX_MOSCOW });
    expect(res.json()).toEqual({ success: true, data: { country: "RU", blocked: true } });
  });

  it("reads the peer address itself, IPv4-mapped IPv6 included", async () => {
    const res = await locate(sandbox, {}, `::ffff:${FRANCE}`);
    expect(res.json().data).toEqual({ country: "FR", blocked: false });
  });

  it("answers the merchant's home country for an address without one (loopback)", async () => {
    const demo = await locate(sandbox);
    expect(demo.json().data).toEqual({ country: "DE", blocked: false });
    const other = await locate(sandbox, { host: "nimbus.localhost" });
    expect(other.json().data).toEqual({ country: "NL", blocked: false });
  });

  it("is never kept by a shared cache: the answer depends on the caller", async () => {
    const res = await locate(sandbox, { "x-sandbox-client-ip": GERMANY });
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers.etag).toBeUndefined();
  });

  it("believes X-Forwarded-For only from a trusted proxy", async () => {
    const viaProxy = await locate(sandbox, { "x-forwarded-for": RUSSIA }, PROXY);
    expect(viaProxy.json().data).toEqual({ country: "RU", blocked: true });
    // An untrusted peer cannot pretend to be elsewhere: its own address counts.
    const direct = await locate(sandbox, { "x-forwarded-for": RUSSIA }, GERMANY);
    expect(direct.json().data).toEqual({ country: "DE", blocked: false });
  });

  it.each([["not-an-ip"], ["999.1.1.1"], [`${GERMANY}, ${RUSSIA}`]])(
    "refuses X-Sandbox-Client-IP %s with 400 naming it",
    async (value) => {
      const res = await locate(sandbox, { "x-sandbox-client-ip": value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "X-Sandbox-Client-IP" });
    },
  );

  it("refuses a malformed locale and an unknown merchant with 400", async () => {
    const locale = await sandbox.app.inject({ url: "/location?locale=xx" });
    expect(locale.statusCode).toBe(400);
    expect(locale.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "locale" });
    const merchant = await locate(sandbox, { "x-merchant-id": "0193a9e0-0000-7000-8000-0000000000ff" });
    expect(merchant.statusCode).toBe(400);
    expect(merchant.json()).toMatchObject({ error: "MERCHANT_NOT_FOUND" });
  });
});
