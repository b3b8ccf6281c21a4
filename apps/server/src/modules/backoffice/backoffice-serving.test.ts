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
  dist = await mkdtemp(path.join(tmpdir(), "backoffice-dist-"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>back-office</title>");
  await mkdir(path.join(dist, "assets"), { recursive: true });
  await writeFile(path.join(dist, "assets/app-1234.js"), "console.log(1)");
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  app = await buildApp(config, {
    database,
    logger: false,
    staticApps: { webDist: dist, widgetDist: dist, backofficeDist: dist },
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
  await rm(dist, { recursive: true, force: true });
});

describe("the back-office's app", () => {
  it("is served at /backoffice/, its client-side routes answer the uncached shell", async () => {
    for (const url of ["/backoffice/", "/backoffice/kyc/0190a000-0000-7000-8000-000000000000"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("<title>back-office</title>");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    expect((await app.inject({ url: "/backoffice" })).headers.location).toBe("/backoffice/");
    const asset = await app.inject({ url: "/backoffice/assets/app-1234.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect((await app.inject({ url: "/backoffice/assets/gone.js" })).statusCode).toBe(404);
  });

  it("never answers its API's paths with the shell", async () => {
    const res = await app.inject({ url: "/admin/v1/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "NOT_FOUND" });
  });
});
