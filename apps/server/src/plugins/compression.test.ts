import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createTestDatabase, type TestDatabase } from "../db/test-database.ts";

// Issue 24: assets go precompressed (the build's .br/.gz), HTML and API answers compressed when
// they are large enough, and every compressed answer says which header chose it.
const script = `export const text = "${"kestrel ".repeat(400)}";\n`;
let database: TestDatabase;
let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  dist = await mkdtemp(path.join(tmpdir(), "web-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), `<!doctype html><title>web</title>${"<p>".repeat(600)}`);
  await writeFile(path.join(dist, "assets/app-1234.js"), script);
  await writeFile(path.join(dist, "assets/app-1234.js.br"), brotliCompressSync(script));
  await writeFile(path.join(dist, "assets/app-1234.js.gz"), gzipSync(script));
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  app = await buildApp(config, { database, logger: false, staticApps: { webDist: dist, widgetDist: dist } });
  // An API answer like a long history page, registered like any route (the app is not ready yet).
  app.get("/v1/test-large", async () => ({
    items: Array.from({ length: 200 }, (_, id) => ({ id, amount: "1.00" })),
  }));
});
afterAll(async () => {
  await app.close();
  await database.drop();
  await rm(dist, { recursive: true, force: true });
});

describe("compressed delivery", () => {
  it("sends the prebuilt brotli file to a browser that accepts it", async () => {
    const res = await app.inject({ url: "/assets/app-1234.js", headers: { "accept-encoding": "gzip, br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.rawPayload).toEqual(brotliCompressSync(script));
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("sends gzip to a browser without brotli, and the plain file to one that accepts neither", async () => {
    const gz = await app.inject({ url: "/assets/app-1234.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload).toEqual(gzipSync(script));
    const plain = await app.inject({
      url: "/assets/app-1234.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("compresses the HTML shell of a client-side route", async () => {
    const res = await app.inject({ url: "/top-up/receive", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("private, no-cache");
  });

  it("compresses a large API answer and leaves a small one as it is", async () => {
    const large = await app.inject({ url: "/v1/test-large", headers: { "accept-encoding": "gzip" } });
    expect(large.statusCode).toBe(200);
    expect(large.headers["content-encoding"]).toBe("gzip");
    expect(String(large.headers.vary)).toMatch(/accept-encoding/i);
    const small = await app.inject({ url: "/healthz", headers: { "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});
