import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../db/seed.ts";
import { createServices } from "../../services.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "./merchants.seed.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nimbus = { host: "nimbus.localhost" };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe("GET /web/screens", () => {
  it("gives each merchant its own text overrides", async () => {
    const demo = await get("/web/screens?locale=en");
    expect(demo.statusCode).toBe(200);
    expect(demo.json()).toEqual({ success: true, data: { texts: {} } });
    const other = await get("/web/screens?locale=en", nimbus);
    expect(other.json().data.texts).toMatchObject({
      "modal.maintenance.title": "Nimbus is getting a quick tune-up",
    });
  });
});

describe("GET /web/banners", () => {
  it("lists the demo merchant's right banners in order, with only the public fields", async () => {
    const res = await get("/web/banners?locale=en&bannerPosition=right");
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data.map((b: { title: string }) => b.title)).toEqual([
      "Let your crypto earn",
      "A card for your balance",
    ]);
    expect(Object.keys(data[0]).sort()).toEqual(["id", "imageUrl", "link", "text", "title"]);
    expect(data[0]).toMatchObject({ imageUrl: "/merchant-assets/demo/banner-earn.svg", link: "/earn" });
    const bottom = await get("/web/banners?bannerPosition=bottom");
    expect(bottom.json().data).toHaveLength(1);
  });

  it("gives the second merchant its own banners, an image being optional", async () => {
    const right = await get("/web/banners?bannerPosition=right", nimbus);
    expect(right.json().data.map((b: { title: string }) => b.title)).toEqual(["The Nimbus card"]);
    const bottom = await get("/web/banners?bannerPosition=bottom", nimbus);
    expect(bottom.json().data[0]).toMatchObject({ title: "Top up by bank card", imageUrl: null });
  });

  it("serves the banner images it links to", async () => {
    const res = await get("/merchant-assets/demo/banner-earn.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
  });

  it("answers a matching If-None-Match with 304, and another merchant gets another ETag", async () => {
    const first = await get("/web/banners?bannerPosition=right");
    expect(first.headers["cache-control"]).toBe("public, max-age=60");
    expect(first.headers.vary).toContain("X-Merchant-ID");
    const etag = String(first.headers.etag);
    const again = await get("/web/banners?bannerPosition=right", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const other = await get("/web/banners?bannerPosition=right", { ...nimbus, "if-none-match": etag });
    expect(other.statusCode).toBe(200);
  });
});

describe("GET /web/faq", () => {
  it("lists the demo merchant's five real entries in order", async () => {
    const res = await get(`/web/faq?locale=en&merchantId=${DEMO_MERCHANT_ID}`);
    expect(res.statusCode).toBe(200);
    const data: { id: string; question: string; answer: string }[] = res.json().data;
    expect(data).toHaveLength(5);
    expect(data[0]?.question).toBe("What is a wallet, and which currencies can I hold?");
    for (const entry of data) {
      expect(Object.keys(entry).sort()).toEqual(["answer", "id", "question"]);
      expect(entry.answer.length).toBeGreaterThan(80);
      expect(`${entry.question} ${entry.answer}`).not.toMatch(/lorem|ipsum/i);
    }
  });

  it("answers for the merchant named by merchantId, else for the request's merchant", async () => {
    const named = await get(`/web/faq?merchantId=${NIMBUS_MERCHANT_ID}`);
    expect(named.json().data[0].question).toBe("Which cards does Nimbus Pay offer?");
    const byHost = await get("/web/faq", nimbus);
    expect(byHost.json().data).toEqual(named.json().data);
  });

  it("refuses an unknown or malformed merchantId with 400 naming merchantId", async () => {
    const unknown = await get("/web/faq?merchantId=0193a9e0-0000-7000-8000-0000000000ff");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: "MERCHANT_NOT_FOUND", field: "merchantId" });
    const malformed = await get("/web/faq?merchantId=42");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "merchantId" });
  });
});

describe("bad input to the configuration service", () => {
  it.each([
    ["/web/banners?bannerPosition=left", "bannerPosition"],
    ["/web/banners", "bannerPosition"],
    ["/web/banners?bannerPosition=right&locale=xx", "locale"],
    ["/web/screens?locale=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "locale"],
    ["/web/faq?locale=EN", "locale"],
  ])("refuses %s with 400 naming %s", async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "NOT_VALID_REQUEST_DATA",
      errorId: 422,
      field,
      requestId: expect.any(String),
    });
  });

  it("refuses an unknown merchant header with 400", async () => {
    const res = await get("/web/screens", { "x-merchant-id": "0193a9e0-0000-7000-8000-0000000000ff" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "MERCHANT_NOT_FOUND", field: "X-Merchant-ID" });
  });
});

describe("merchant feature flags and seeding", () => {
  it("gives the demo merchant every card feature and the second merchant CP_1 without payout", async () => {
    const { merchants } = createServices(t.config, t.database);
    const demo = await merchants.features(DEMO_MERCHANT_ID);
    expect(demo.enabledCardPrograms).toEqual(["CP_1", "CP_2"]);
    expect(demo).toMatchObject({ cardPayIn: true, cardPayout: true });
    expect(demo.cardPrograms.CP_2).toEqual({
      plastic: true,
      virtual: true,
      plasticDelivery: true,
      iban: true,
    });
    const other = await merchants.features(NIMBUS_MERCHANT_ID);
    expect(other.enabledCardPrograms).toEqual(["CP_1"]);
    expect(other).toMatchObject({ level: "FULL", cardPayIn: true, cardPayout: false });
    expect(other.cardPrograms.CP_1).toEqual({
      plastic: true,
      virtual: true,
      plasticDelivery: true,
      iban: false,
    });
  });

  it("seeds idempotently: a second run adds nothing", async () => {
    await seedDatabase(t.database.pool);
    const res = await get("/web/banners?bannerPosition=right");
    expect(res.json().data).toHaveLength(2);
    const faq = await get("/web/faq");
    expect(faq.json().data).toHaveLength(5);
  });
});
