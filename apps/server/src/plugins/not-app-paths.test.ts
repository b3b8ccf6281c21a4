import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createTestDatabase, type TestDatabase } from "../db/test-database.ts";

// Issue 52: the public port answered GET /metrics with the web app's page (200). Paths of the
// API and of operators' tools are a JSON 404 when unknown; the web app keeps its own paths.
let database: TestDatabase;
let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  dist = await mkdtemp(path.join(tmpdir(), "web-dist-"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>web</title>");
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  app = await buildApp(config, { database, logger: false, staticApps: { webDist: dist, widgetDist: dist } });
});
afterAll(async () => {
  await app.close();
  await database.drop();
  await rm(dist, { recursive: true, force: true });
});

describe("paths that are not the web app's", () => {
  it.each(["/metrics", "/metrics/", "/.well-known/security.txt", "/v4/unknown", "/api/x", "/admin/x"])(
    "answers %s with the API's JSON 404, not the web app",
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.body).not.toContain("<title>web</title>");
    },
  );

  it("still answers the web app's own paths, known or not, with its page", async () => {
    for (const url of ["/", "/wallets", "/no-such-page"]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>web</title>");
    }
  });
});
