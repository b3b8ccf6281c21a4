import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { createTestDatabase, type TestDatabase } from "../../db/test-database.ts";

let database: TestDatabase;
let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  dist = await mkdtemp(path.join(tmpdir(), "widget-dist-"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>widget</title>");
  await mkdir(path.join(dist, "src/sandbox-host"), { recursive: true });
  await writeFile(path.join(dist, "src/sandbox-host/host.html"), "<!doctype html><title>host</title>");
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_BASE_URL: "https://pay.example:8443",
  });
  app = await buildApp(config, { database, logger: false, staticApps: { webDist: dist, widgetDist: dist } });
});
afterAll(async () => {
  await app.close();
  await database.drop();
  await rm(dist, { recursive: true, force: true });
});

describe("the widget's frame", () => {
  it("may be framed by our origin and every merchant's host, with PUBLIC_BASE_URL's scheme and port", async () => {
    const res = await app.inject({ url: "/embed/kyc/v1/" });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain(
      "frame-ancestors 'self' https://localhost:8443 https://127.0.0.1:8443 https://nimbus.localhost:8443",
    );
    expect(csp).toContain("script-src 'self'");
    expect(res.headers["x-frame-options"]).toBeUndefined();
  });

  it("keeps the rest of the product unframeable", async () => {
    const res = await app.inject({ url: "/healthz" });
    expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
  });

  it("does not serve the sandbox host page as a static file", async () => {
    expect((await app.inject({ url: "/embed/kyc/v1/src/sandbox-host/host.html" })).statusCode).toBe(404);
  });

  it("serves the host page in sandbox mode only, allowed to frame the widget's origin", async () => {
    const res = await app.inject({ url: "/sandbox/kyc-host" });
    // 503 until the widget is built (npm run build); the browser suite always has it built.
    expect([200, 503]).toContain(res.statusCode);
    if (res.statusCode === 200) {
      expect(String(res.headers["content-security-policy"])).toContain(
        "frame-src 'self' https://pay.example:8443",
      );
      expect(res.body).toContain("https://pay.example:8443/embed/kyc/v1/");
    }
    const production = await buildApp(
      loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SANDBOX: "false" }),
      { database, logger: false },
    );
    expect((await production.inject({ url: "/sandbox/kyc-host" })).statusCode).toBe(404);
    await production.close();
  });
});
