import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
type Country = { code: string; name: string; dialCode: string; blocked: boolean };
type Currency = { code: string; networks: string[]; features: string[]; type: string; scale: number };
type Operation = { operationType: string; constraint: string; reason: string; url: string };
const byCode = <T extends { code: string }>(list: T[], code: string) => list.find((e) => e.code === code);

describe("GET /v1/catalog/countries", () => {
  it("lists residence countries by English name with dial codes, blocked ones flagged", async () => {
    const res = await get("/v1/catalog/countries?type=residence");
    expect(res.statusCode).toBe(200);
    const data: Country[] = res.json().data;
    expect(byCode(data, "DE")).toEqual({ code: "DE", name: "Germany", dialCode: "+49", blocked: false });
    expect(byCode(data, "RU")).toMatchObject({ name: "Russia", dialCode: "+7", blocked: true });
    expect(byCode(data, "AC")).toBeUndefined(); // a dialling area, not a country
    const names = data.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("en").compare));
    expect(res.headers.etag).toBeDefined();
  });

  it("lists dialling areas for phone numbers, and leaves blocked countries out of delivery", async () => {
    const phone: Country[] = (await get("/v1/catalog/countries?type=phone")).json().data;
    expect(byCode(phone, "AC")).toMatchObject({ dialCode: "+247" });
    expect(byCode(phone, "IR")).toMatchObject({ blocked: true });
    const delivery: Country[] = (await get("/v1/catalog/countries?type=delivery")).json().data;
    expect(delivery.some((c) => c.blocked)).toBe(false);
    expect(byCode(delivery, "RU")).toBeUndefined();
    expect(byCode(delivery, "US")).toMatchObject({ dialCode: "+1" });
    // Every list comes sorted by name: the web app shows it in this order without sorting again.
    for (const list of [phone, delivery]) {
      const names = list.map((c) => c.name);
      expect(names).toEqual([...names].sort(new Intl.Collator("en").compare));
    }
  });

  it.each([
    ["/v1/catalog/countries", "type"],
    ["/v1/catalog/countries?type=billing", "type"],
  ])("refuses %s with 400 naming %s", async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
  });
});

describe("GET /v1/catalog/countries/states", () => {
  it("lists US states and Canadian provinces, and nothing for other countries", async () => {
    const us = (await get("/v1/catalog/countries/states?country=US")).json().data;
    expect(us).toHaveLength(51);
    expect(us).toContainEqual({ code: "CA", name: "California" });
    const ca = (await get("/v1/catalog/countries/states?country=CA")).json().data;
    expect(ca).toHaveLength(13);
    expect(ca).toContainEqual({ code: "QC", name: "Quebec" });
    expect((await get("/v1/catalog/countries/states?country=DE")).json()).toEqual({ data: [] });
  });

  it.each([["us"], ["USA"], ["QQ"], ["%3Cscript%3E"], [""]])(
    "refuses country=%s with 400 naming country",
    async (country) => {
      const res = await get(`/v1/catalog/countries/states?country=${country}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "country" });
    },
  );
});

describe("GET /v1/catalog/currencies", () => {
  it("lists the demo merchant's currencies in its order, with scale, networks and features", async () => {
    const res = await get("/v1/catalog/currencies");
    expect(res.statusCode).toBe(200);
    const data: Currency[] = res.json().data;
    expect(data.map((c) => c.code)).toEqual(["BTC", "ETH", "USDT", "USDC", "LTC", "TRX", "EUR", "USD"]);
    expect(byCode(data, "BTC")).toMatchObject({
      name: "Bitcoin",
      scale: 8,
      type: "crypto",
      networks: ["BTC"],
    });
    expect(byCode(data, "USDT")?.networks).toEqual(["ERC20"]);
    expect(byCode(data, "TRX")?.networks).toEqual(["TRC20"]);
    expect(byCode(data, "BTC")?.features).toEqual(
      expect.arrayContaining(["PAYIN_CARD", "PAYOUT_CARD", "DEPOSITS"]),
    );
    expect(byCode(data, "EUR")).toMatchObject({ type: "fiat", scale: 2, networks: [] });
    expect(byCode(data, "EUR")?.features).toContain("IBAN");
    expect(byCode(data, "USD")?.features).not.toContain("IBAN");
  });

  it("gives the second merchant its own currencies and leaves out what it switched off", async () => {
    const res = await get("/v1/catalog/currencies", { "x-merchant-id": NIMBUS_MERCHANT_ID });
    const data: Currency[] = res.json().data;
    expect(data.map((c) => c.code)).toEqual(["BTC", "ETH", "USDT", "EUR"]);
    const btc = byCode(data, "BTC")?.features ?? [];
    expect(btc).toContain("PAYIN_CARD");
    expect(btc).not.toContain("PAYOUT_CARD"); // card payout off
    expect(btc).toContain("DEPOSITS"); // under maintenance: temporary, still listed
    expect(byCode(data, "EUR")?.features).not.toContain("IBAN"); // IBAN disabled
  });

  it("answers a matching If-None-Match with 304", async () => {
    const first = await get("/v1/catalog/currencies");
    const again = await get("/v1/catalog/currencies", { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe("GET /v2/catalog/operations and /v1/catalog/operations", () => {
  it("lists every operation type for the demo merchant, open unless not built yet, with its web route", async () => {
    const res = await get("/v2/catalog/operations", { "x-merchant-id": DEMO_MERCHANT_ID });
    expect(res.statusCode).toBe(200);
    const data: Operation[] = res.json().data;
    expect(data).toHaveLength(30);
    // The third card provider and the types not built yet are listed, DISABLED.
    const disabled = data.filter((o) => o.constraint === "DISABLED").map((o) => o.operationType);
    expect(disabled.sort()).toEqual(
      [
        "CARD_DELIVERY_CP_3",
        "CARD_ISSUE_CP_3",
        "CARD_PAYOUT_CP_1",
        "CARD_PAYOUT_CP_2",
        "CARD_PAYOUT_CP_3",
        "IB",
        "LAUNCHPAD_LOCK",
        "PAYIN_ADVCASH",
        "PAYIN_CARD_VALIDATION",
        "PAYIN_SKRILL",
      ].sort(),
    );
    const open = data.filter((o) => !disabled.includes(o.operationType));
    expect(open.every((o) => o.constraint === "NONE" && o.reason === "NONE")).toBe(true);
    for (const type of ["CARDS", "CARD_ORDER", "PAY_FOR_CARD", "CARD_ISSUE_CP_1", "CARD_ISSUE_CP_2"]) {
      expect(open.map((o) => o.operationType)).toContain(type);
    }
    expect(data[0]).toEqual({
      operationType: "EXCHANGE",
      name: "Exchange",
      constraint: "NONE",
      reason: "NONE",
      kycLevelPermissibleList: ["KYC_0", "KYC_2"],
      url: "/exchange",
    });
    const payout = data.find((o) => o.operationType === "PAYOUT_CRYPTO");
    expect(payout).toMatchObject({
      url: "/send/wallet",
      kycLevelPermissibleList: ["KYC_2"],
    });
  });

  it("shows the second merchant's own switches, by header on v1 and by host on v2", async () => {
    const v1 = await get("/v1/catalog/operations", { "x-merchant-id": NIMBUS_MERCHANT_ID });
    expect(v1.statusCode).toBe(200);
    const data: Operation[] = v1.json().data;
    const of = (type: string) => data.find((o) => o.operationType === type);
    expect(of("IBAN")).toMatchObject({ constraint: "DISABLED", reason: "DISABLED" });
    // Nimbus's feature flags switch card payout off: not offered, so not listed at all.
    expect(of("PAYOUT_CARD")).toBeUndefined();
    expect(of("PAYIN_CARD")).toMatchObject({ constraint: "NONE" });
    expect(of("DEPOSITS")).toMatchObject({ constraint: "MAINTENANCE", reason: "MAINTENANCE", url: "/earn" });
    expect(of("EXCHANGE")).toMatchObject({ constraint: "NONE" });
    const v2 = await get("/v2/catalog/operations", { host: "nimbus.localhost" });
    expect(v2.json()).toEqual(v1.json());
  });

  it("refuses v1 without X-Merchant-ID, and an unknown or malformed merchant id", async () => {
    const missing = await get("/v1/catalog/operations");
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "x-merchant-id" });
    const unknown = await get("/v2/catalog/operations", {
      "x-merchant-id": "0193a9e0-0000-7000-8000-0000000000ff",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: "MERCHANT_NOT_FOUND", field: "X-Merchant-ID" });
    const malformed = await get("/v1/catalog/operations", { "x-merchant-id": "<script>" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: "X-Merchant-ID" });
  });
});
