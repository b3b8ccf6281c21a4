import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.ts";
import { createServices } from "../../services.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cardsDriver } from "../cards/cards.test-helpers.ts";
import { fakeFile, kycDriver, multipartBody } from "../kyc/kyc.test-helpers.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { type OperatorSession, signInOperator } from "../operators/operators.test-helpers.ts";

let t: TestApp;
let admin: OperatorSession;
let nimbusAdmin: OperatorSession;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await signInOperator(t.app, t.database, "MERCHANT_ADMIN", DEMO_MERCHANT_ID);
  nimbusAdmin = await signInOperator(t.app, t.database, "MERCHANT_ADMIN", NIMBUS_MERCHANT_ID);
});
afterAll(() => t.close());

type Operation = { operationType: string; constraint: string; kycLevels: string[] };
type Config = {
  operations: { operations: Operation[] };
  branding: Record<string, string | null>;
  links: Record<string, unknown>;
};

async function config(s: OperatorSession = admin): Promise<Config> {
  const res = await t.app.inject({ method: "GET", url: "/admin/v1/merchant-config", headers: s.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const put = (path: string, payload: object, s: OperatorSession = admin) =>
  t.app.inject({ method: "PUT", url: `/admin/v1/merchant-config/${path}`, headers: s.headers, payload });
const withConstraint = (ops: Operation[], type: string, constraint: string) =>
  ops.map((o) => (o.operationType === type ? { ...o, constraint } : o));
const catalogOf = async (merchantId: string) =>
  (
    await t.app.inject({
      method: "GET",
      url: "/v2/catalog/operations",
      headers: { "x-merchant-id": merchantId },
    })
  ).json().data as Operation[];

describe("changing a section", () => {
  it("switches exchange to maintenance: one version with before and after, one audit entry", async () => {
    const { operations } = (await config()).operations;
    const res = await put("operations", {
      operations: withConstraint(operations, "EXCHANGE", "MAINTENANCE"),
      reason: "provider outage",
    });
    expect(res.statusCode).toBe(200);
    const { version } = res.json();
    expect(version).toMatchObject({
      section: "operations",
      operatorEmail: admin.email,
      reason: "provider outage",
    });
    const before = version.before.operations.find((o: Operation) => o.operationType === "EXCHANGE");
    const after = version.after.operations.find((o: Operation) => o.operationType === "EXCHANGE");
    expect([before.constraint, after.constraint]).toEqual(["NONE", "MAINTENANCE"]);
    expect((await catalogOf(DEMO_MERCHANT_ID)).find((o) => o.operationType === "EXCHANGE")?.constraint).toBe(
      "MAINTENANCE",
    );
    // Another merchant's catalog is not touched.
    expect(
      (await catalogOf(NIMBUS_MERCHANT_ID)).find((o) => o.operationType === "EXCHANGE")?.constraint,
    ).toBe("NONE");
    const audit = await t.app.inject({
      method: "GET",
      url: "/admin/v1/audit?action=config.operations",
      headers: admin.headers,
    });
    expect(audit.json().entries).toHaveLength(1);
    expect(audit.json().entries[0]).toMatchObject({
      reason: "provider outage",
      changes: { version: version.version },
    });

    // The same state again is no change: no version.
    const again = await put("operations", {
      operations: withConstraint(operations, "EXCHANGE", "MAINTENANCE"),
    });
    expect(again.json()).toEqual({ version: null });
  });

  it("rolls back to a version: a new version whose state is that version's", async () => {
    const versions = (
      await t.app.inject({ method: "GET", url: "/admin/v1/merchant-config/versions", headers: admin.headers })
    ).json().versions;
    const first = versions.find((v: { section: string }) => v.section === "operations");
    // Back to what the first change found: its `before`, which a rollback to it is not, so go
    // forward once more and roll back to the maintenance version.
    const { operations } = (await config()).operations;
    const resumed = await put("operations", { operations: withConstraint(operations, "EXCHANGE", "NONE") });
    expect(resumed.statusCode).toBe(200);
    const rollback = await t.app.inject({
      method: "POST",
      url: `/admin/v1/merchant-config/versions/${first.version}/rollback`,
      headers: admin.headers,
      payload: {},
    });
    expect(rollback.statusCode).toBe(200);
    expect(rollback.json().version).toMatchObject({ restoredVersion: first.version, after: first.after });
    expect((await catalogOf(DEMO_MERCHANT_ID)).find((o) => o.operationType === "EXCHANGE")?.constraint).toBe(
      "MAINTENANCE",
    );
    // Another merchant's version is not found for this one.
    const foreign = await t.app.inject({
      method: "POST",
      url: `/admin/v1/merchant-config/versions/${first.version}/rollback`,
      headers: nimbusAdmin.headers,
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses a text colour below 4.5:1, naming the field and the ratio; nothing is stored", async () => {
    const { branding } = await config();
    const res = await put("branding", { ...branding, buttonColor1: "#777777", buttonTextColor1: "#FFFFFF" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "CONTRAST_TOO_LOW",
      field: "buttonTextColor1",
      data: { ratio: 4.47, against: "buttonColor1" },
    });
    expect(res.json().message).toContain("4.47:1");
    expect((await config()).branding).toEqual(branding);
    // 4.5:1 and over is accepted, and the web app's settings carry it.
    const ok = await put("branding", { ...branding, buttonColor1: "#767676", buttonTextColor1: "#FFFFFF" });
    expect(ok.statusCode).toBe(200);
    const info = await t.app.inject({
      method: "GET",
      url: "/web/info?variant=settingsData",
      headers: { "x-merchant-id": DEMO_MERCHANT_ID },
    });
    expect(info.json().data).toMatchObject({ buttonColor1: "#767676", buttonTextColor1: "#FFFFFF" });
  });

  it("serves saved texts and links to the customer app: overrides, documents, social, support chat", async () => {
    const web = async (url: string) =>
      (await t.app.inject({ method: "GET", url, headers: { "x-merchant-id": DEMO_MERCHANT_ID } })).json()
        .data;
    const { links } = await config();
    const texts = await put("texts", { textOverrides: { "home.title": "Welcome to Kestrel" } });
    expect(texts.statusCode, texts.body).toBe(200);
    expect(texts.json().version).toMatchObject({
      section: "texts",
      after: { textOverrides: { "home.title": "Welcome to Kestrel" } },
    });
    const saved = await put("links", {
      ...links,
      supportChatKey: "kestrel-chat",
      documents: [{ key: "fees", title: "Fee schedule", url: "https://kestrel.example/fees.pdf" }],
      social: [{ name: "Mastodon", url: "https://mastodon.example/@kestrel" }],
      reason: "new fee schedule",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await web("/web/screens?locale=en")).texts).toEqual({ "home.title": "Welcome to Kestrel" });
    expect((await web("/web/info?variant=merchantData")).supportChatKey).toBe("kestrel-chat");
    expect((await web("/web/info?variant=filesLinks")).documents).toEqual([
      { key: "fees", title: "Fee schedule", url: "https://kestrel.example/fees.pdf" },
    ]);
    expect((await web("/web/info?variant=merchantSocial")).links).toEqual([
      { name: "Mastodon", url: "https://mastodon.example/@kestrel" },
    ]);
    // Back as they were, for the tests after this one.
    expect((await put("texts", { textOverrides: {} })).statusCode).toBe(200);
    expect((await put("links", links)).statusCode).toBe(200);
  });

  it("answers bad input with a 400 naming the field", async () => {
    const { operations } = (await config()).operations;
    const cases: [string, object, string][] = [
      [
        "operations",
        { operations: [{ ...operations[0], kycLevels: [] }, ...operations.slice(1)] },
        "operations.0.kycLevels",
      ],
      ["operations", { operations: [operations[0], operations[0]] }, "operations.1.operationType"],
      ["branding", { ...(await config()).branding, backgroundColor: "blue" }, "backgroundColor"],
      ["links", { ...(await config()).links, supportUrl: "javascript:alert(1)" }, "supportUrl"],
      ["texts", { textOverrides: { "home.title": "" } }, "textOverrides.home.title"],
    ];
    for (const [path, body, field] of cases) {
      const res = await put(path, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, field).toBe(field);
    }
  });

  it("stores an uploaded logo in the blob store and serves it at an address that names its bytes", async () => {
    const png = fakeFile("png", 2048);
    const { body, contentType } = multipartBody(png, "logo", "logo.png");
    const upload = await t.app.inject({
      method: "POST",
      url: "/admin/v1/merchant-config/logo",
      headers: { ...admin.headers, "content-type": contentType },
      payload: body,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { url } = upload.json();
    expect(url).toMatch(new RegExp(`^/merchant-logos/${DEMO_MERCHANT_ID}/[0-9a-f-]{36}/[0-9a-f]{64}\\.png$`));
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(png)).toBe(true);
    // Another checksum in the address is no logo of ours.
    const forged = await t.app.inject({
      method: "GET",
      url: url.replace(/\/[0-9a-f]{64}\./, `/${"0".repeat(64)}.`),
    });
    expect(forged.statusCode).toBe(404);
    // The branding section takes it when saved.
    const { branding } = await config();
    expect((await put("branding", { ...branding, horizontalImage: url })).statusCode).toBe(200);

    for (const [file, name] of [
      [fakeFile("gif", 100), "logo"],
      [png, "image"],
    ] as const) {
      const wrong = multipartBody(file, name, "x.gif");
      const res = await t.app.inject({
        method: "POST",
        url: "/admin/v1/merchant-config/logo",
        headers: { ...admin.headers, "content-type": wrong.contentType },
        payload: wrong.body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe("logo");
    }
  });

  it("keeps versions append-only in the database", async () => {
    await expect(t.database.pool.query("update merchant_config_versions set reason = 'x'")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.pool.query("delete from merchant_config_versions")).rejects.toThrow(
      /append-only/,
    );
  });
});

describe("live on every instance", () => {
  it("a second instance on the same database drops its cached catalog and merchant on the notice", async () => {
    // Instance B: its own pool, services and caches, its own LISTEN connection.
    const databaseB = openDatabase(t.database.url, { max: 2 });
    const b = createServices(t.config, databaseB);
    b.configListener.start();
    try {
      await b.configListener.listening();
      const exchangeRule = async () =>
        (await b.catalog.operationRule(NIMBUS_MERCHANT_ID, "EXCHANGE"))("KYC_2");
      // B reads (and caches) Nimbus's exchange switch and merchant row.
      await exchangeRule();
      const colourBefore = (await b.merchants.merchantById(NIMBUS_MERCHANT_ID, "id")).settings.buttonColor1;

      const { operations, branding } = await config(nimbusAdmin);
      const changed = once(b.configListener.events, "change");
      expect(
        (
          await put(
            "operations",
            { operations: withConstraint(operations.operations, "EXCHANGE", "MAINTENANCE") },
            nimbusAdmin,
          )
        ).statusCode,
      ).toBe(200);
      expect(await changed).toEqual([NIMBUS_MERCHANT_ID]);
      await expect(exchangeRule()).rejects.toMatchObject({ code: "OPERATION_MAINTENANCE" });

      const recoloured = once(b.configListener.events, "change");
      expect((await put("branding", { ...branding, buttonColor1: "#123456" }, nimbusAdmin)).statusCode).toBe(
        200,
      );
      await recoloured;
      expect(colourBefore).not.toBe("#123456");
      expect((await b.merchants.merchantById(NIMBUS_MERCHANT_ID, "id")).settings.buttonColor1).toBe(
        "#123456",
      );
    } finally {
      await b.configListener.stop();
      await databaseB.close();
    }
  });

  it("a second instance keeps a merchant's feature flags a moment, and drops them on the notice", async () => {
    const databaseB = openDatabase(t.database.url, { max: 2 });
    const b = createServices(t.config, databaseB);
    b.configListener.start();
    const pool = t.database.pool;
    const { rows } = await pool.query<{ allowed: string[] }>(
      "select allowed from merchant_feature_flags where merchant_id = $1",
      [NIMBUS_MERCHANT_ID],
    );
    const allowed = rows[0]?.allowed ?? [];
    const setAllowed = (flags: string[]) =>
      pool.query("update merchant_feature_flags set allowed = $2 where merchant_id = $1", [
        NIMBUS_MERCHANT_ID,
        flags,
      ]);
    try {
      await b.configListener.listening();
      const delivery = async () =>
        (await b.merchants.features(NIMBUS_MERCHANT_ID)).cardPrograms.CP_1.plasticDelivery;
      expect(await delivery()).toBe(true);
      await setAllowed(allowed.filter((f) => f !== "CP_1_PLASTIC_DELIVERY"));
      // Not asked again on every money call: B still holds what it read...
      expect(await delivery()).toBe(true);
      // ...until the merchant's configuration is announced.
      const changed = once(b.configListener.events, "change");
      await pool.query("select pg_notify('merchant_config', $1)", [NIMBUS_MERCHANT_ID]);
      await changed;
      expect(await delivery()).toBe(false);
    } finally {
      await setAllowed(allowed);
      await b.configListener.stop();
      await databaseB.close();
    }
  });

  it("drops every cached copy when the LISTEN connection comes back", async () => {
    const databaseB = openDatabase(t.database.url, { max: 2 });
    const b = createServices(t.config, databaseB);
    b.configListener.start();
    try {
      await b.configListener.listening();
      expect((await b.merchants.merchantById(DEMO_MERCHANT_ID, "id")).title).not.toBe("Changed unannounced");
      // A change B hears nothing of (made while its connection is down, say)...
      await t.database.pool.query("update merchants set title = 'Changed unannounced' where id = $1", [
        DEMO_MERCHANT_ID,
      ]);
      // ...then the database ends B's LISTEN session, as a failover or restart would.
      const reset = once(b.configListener.events, "reset");
      await t.database.pool.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN merchant_config' and pid <> pg_backend_pid()",
      );
      await reset;
      expect((await b.merchants.merchantById(DEMO_MERCHANT_ID, "id")).title).toBe("Changed unannounced");
    } finally {
      await b.configListener.stop();
      await databaseB.close();
    }
  });
});

type FeePair = { kind: string; currencyFrom: string; currencyTo: string; fees: Record<string, unknown> };
type LimitRow = {
  kycLevel: string;
  operationType: string;
  perTransaction: string;
  daily: string;
  monthly: string;
};
type FeesAndLimits = { fees: { pairs: FeePair[] }; limits: { currency: string; limits: LimitRow[] } };
const feesAndLimits = async (s: OperatorSession = admin) => (await config(s)) as unknown as FeesAndLimits;

describe("fees and limits", () => {
  it("a fee change prices the next quote on a second instance", async () => {
    const databaseB = openDatabase(t.database.url, { max: 2 });
    const b = createServices(t.config, databaseB);
    b.configListener.start();
    try {
      await b.configListener.listening();
      const merchant = await b.merchants.merchantById(DEMO_MERCHANT_ID, "id");
      const { pairs } = (await feesAndLimits()).fees;
      const i = pairs.findIndex(
        (p) =>
          p.kind === "EXCHANGE" &&
          merchant.currencies.includes(p.currencyFrom) &&
          merchant.currencies.includes(p.currencyTo),
      );
      const pair = pairs[i];
      if (!pair) throw new Error("no exchange pair");
      const delivered = async () => {
        const listed = await b.quotes.listPairs(merchant, crypto.randomUUID());
        return listed.find((p) => p.currencyFrom === pair.currencyFrom && p.currencyTo === pair.currencyTo)
          ?.maxAmountTo;
      };
      const cheap = {
        ...pair.fees,
        transactionFee: "0",
        additionalFee: "0",
        fixFee: "0",
        feeTableEnabled: false,
      };
      const free = { available: 0 };
      const priced = (fees: object) => pairs.map((p, j) => (j === i ? { ...p, fees } : p));
      expect(
        (await put("fees", { pairs: priced({ ...cheap, freeTransactionsPromo: free }) })).statusCode,
      ).toBe(200);
      const before = await delivered();

      const changed = once(b.configListener.events, "change");
      const res = await put("fees", {
        pairs: priced({ ...cheap, transactionFee: "10", freeTransactionsPromo: free }),
        reason: "Dearer",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().version).toMatchObject({ section: "fees", reason: "Dearer" });
      await changed;
      const after = await delivered();
      // 10 % taken: the largest amount delivers about a tenth less.
      expect(Number(after)).toBeLessThan(Number(before) * 0.91);
      expect(Number(after)).toBeGreaterThan(Number(before) * 0.89);
    } finally {
      await b.configListener.stop();
      await databaseB.close();
    }
  });

  it("answers bad fees and limits with a 400 naming the field; nothing is stored", async () => {
    const { fees, limits } = await feesAndLimits();
    const first = fees.pairs[0] as FeePair;
    const pair = (change: Record<string, unknown>, fee: Record<string, unknown> = {}) => ({
      pairs: [{ ...first, ...change, fees: { ...first.fees, ...fee } }, ...fees.pairs.slice(1)],
    });
    const band = { percent: "1", amountFrom: "0", amountTo: null, currency: first.currencyTo };
    const row = limits.limits[0] as LimitRow;
    const limit = (change: Partial<LimitRow>) => ({
      ...limits,
      limits: [{ ...row, ...change }, ...limits.limits.slice(1)],
    });
    const cases: [string, object, string][] = [
      ["fees", pair({}, { transactionFee: "-1" }), "pairs.0.fees.transactionFee"],
      ["fees", pair({}, { fixFee: "0.001" }), "pairs.0.fees.fixFee"],
      ["fees", pair({}, { feeTable: [band] }), "pairs.0.fees.feeTable.0.currency"],
      ["fees", pair({ currencyTo: "XTS" }), "pairs.0"],
      ["fees", { pairs: [first, first] }, "pairs.1.currencyTo"],
      ["limits", limit({ perTransaction: "-5" }), "limits.0.perTransaction"],
      ["limits", limit({ daily: "1.001" }), "limits.0.daily"],
      ["limits", limit({ perTransaction: "10", daily: "20", monthly: "15" }), "limits.0.daily"],
      ["limits", limit({ perTransaction: "30", daily: "20", monthly: "40" }), "limits.0.perTransaction"],
      ["limits", limit({ operationType: "CARD_ORDER" }), "limits.0.operationType"],
      ["limits", { ...limits, currency: "USD" }, "currency"],
    ];
    for (const [path, body, field] of cases) {
      const res = await put(path, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, `${field}: ${res.body}`).toBe(field);
    }
    const after = await feesAndLimits();
    expect({ fees: after.fees, limits: after.limits }).toEqual({ fees, limits });
  });

  it("a limit change holds the next limit check on a second instance, and rolls back", async () => {
    const databaseB = openDatabase(t.database.url, { max: 2 });
    const b = createServices(t.config, databaseB);
    b.configListener.start();
    try {
      await b.configListener.listening();
      const { customerId } = await kycDriver(t).customer("Limits");
      const deposit = (eur: number) =>
        b.kyc.assertAllowed({
          merchantId: DEMO_MERCHANT_ID,
          customerId,
          operationType: "DEPOSITS",
          amountInFiatMinor: BigInt(eur * 100),
        });
      // B reads (and caches) the limits: KYC_0 deposits up to 1000 EUR each.
      await deposit(800);

      const { limits } = await feesAndLimits();
      expect(limits.currency).toBe("EUR");
      const lowered = limits.limits.map((l) =>
        l.kycLevel === "KYC_0" && l.operationType === "DEPOSITS" ? { ...l, perTransaction: "500" } : l,
      );
      const changed = once(b.configListener.events, "change");
      const res = await put("limits", { ...limits, limits: lowered });
      expect(res.statusCode, res.body).toBe(200);
      await changed;
      await expect(deposit(800)).rejects.toMatchObject({
        code: "LIMIT_EXCEEDED",
        data: { reason: "PER_TRANSACTION_LIMIT", limit: "500.00" },
      });
      // Stored as the currency writes it: "500" again is no change.
      const stored = (await feesAndLimits()).limits;
      expect(
        stored.limits.find((l) => l.kycLevel === "KYC_0" && l.operationType === "DEPOSITS"),
      ).toMatchObject({
        perTransaction: "500.00",
      });
      expect((await put("limits", { ...limits, limits: lowered })).json()).toEqual({ version: null });

      // Back to the seed's limits, then a rollback to the lowered version holds B to it again.
      const restored = once(b.configListener.events, "change");
      expect((await put("limits", limits)).statusCode).toBe(200);
      await restored;
      await deposit(800);
      const lowVersion = (res.json() as { version: { version: number } }).version.version;
      const rolledBack = once(b.configListener.events, "change");
      const rollback = await t.app.inject({
        method: "POST",
        url: `/admin/v1/merchant-config/versions/${lowVersion}/rollback`,
        headers: admin.headers,
        payload: {},
      });
      expect(rollback.statusCode, rollback.body).toBe(200);
      expect(rollback.json().version).toMatchObject({ section: "limits", restoredVersion: lowVersion });
      await rolledBack;
      await expect(deposit(800)).rejects.toMatchObject({ code: "LIMIT_EXCEEDED" });
      const reset = once(b.configListener.events, "change");
      expect((await put("limits", limits)).statusCode).toBe(200);
      await reset;
      await deposit(800);
    } finally {
      await b.configListener.stop();
      await databaseB.close();
    }
  });
});

describe("card programs", () => {
  type Programs = {
    CP_1: { name: string; description: string } | null;
    CP_2: { name: string; description: string } | null;
    designs: { CP_1: number[]; CP_2: number[] };
  };
  const programs = async () => ((await config()) as unknown as { cardPrograms: Programs }).cardPrograms;

  it("offers only a program's chosen designs: prices list them, an order of another is refused", async () => {
    const c = cardsDriver(t);
    const alice = await c.d.verified();
    const seeded = await programs();
    expect(seeded.designs).toEqual({ CP_1: [1, 2, 3, 4, 5], CP_2: [1, 2, 3, 4, 5] });

    const res = await put("card-programs", {
      ...seeded,
      designs: { ...seeded.designs, CP_1: [5, 2] },
      reason: "two colours for the first card",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toMatchObject({
      section: "cardPrograms",
      before: { designs: { CP_1: [1, 2, 3, 4, 5] } },
      after: { designs: { CP_1: [2, 5], CP_2: [1, 2, 3, 4, 5] }, CP_2: seeded.CP_2 },
    });
    // The same designs in another order are no change.
    expect(
      (await put("card-programs", { ...seeded, designs: { ...seeded.designs, CP_1: [2, 5] } })).json(),
    ).toEqual({ version: null });

    const prices = (await c.call(alice, "GET", "/v2/card/prices?cp=CP_1")).json();
    expect(prices.designs.map((d: { id: number }) => d.id)).toEqual([2, 5]);
    for (const p of prices.prices) expect(p.cardDesignIds).toEqual([2, 5]);
    const other = (await c.call(alice, "GET", "/v2/card/prices?cp=CP_2")).json();
    expect(other.designs).toHaveLength(5);
    // A design the program no longer offers is refused, naming it; an offered one opens the order.
    const refused = await c.create(alice, "VIRTUAL", "CP_1", 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "CARD_TYPE_NOT_ALLOWED", field: "cardDesignId" });
    const opened = await c.create(alice, "VIRTUAL", "CP_1", 5);
    expect(opened.statusCode, opened.body).toBe(200);

    // Every design again: the program offers all five.
    expect((await put("card-programs", seeded)).statusCode).toBe(200);
    expect((await programs()).designs.CP_1).toEqual([1, 2, 3, 4, 5]);
    expect((await c.call(alice, "GET", "/v2/card/prices?cp=CP_1")).json().designs).toHaveLength(5);
  });

  it("answers bad designs with a 400 naming the field; nothing is stored", async () => {
    const seeded = await programs();
    const cases: [object, string][] = [
      [{ ...seeded.designs, CP_1: [] }, "designs.CP_1"],
      [{ ...seeded.designs, CP_2: [9] }, "designs.CP_2.0"],
      [{ ...seeded.designs, CP_1: [2, 2] }, "designs.CP_1.1"],
    ];
    for (const [designs, field] of cases) {
      const res = await put("card-programs", { ...seeded, designs });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, field).toBe(field);
    }
    expect(await programs()).toEqual(seeded);
  });
});
