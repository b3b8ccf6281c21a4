import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createTestDatabase, type TestDatabase } from "../db/test-database.ts";
import { BOOT_CALLS, bootCalls, withBootAnswers } from "./web-boot-answers.ts";

// Issue 32: the web app's shell carries the answers its first screen waits for, the same as the
// API gives this visitor, so a phone does not wait a round trip after the scripts ran.
let database: TestDatabase;
let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  dist = await mkdtemp(path.join(tmpdir(), "web-dist-"));
  await writeFile(
    path.join(dist, "index.html"),
    "<!doctype html><html><head><title>web</title></head><body></body></html>",
  );
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  app = await buildApp(config, { database, logger: false, staticApps: { webDist: dist, widgetDist: dist } });
});
afterAll(async () => {
  await app.close();
  await database.drop();
  await rm(dist, { recursive: true, force: true });
});

function answersIn(html: string): Record<string, { status: number; body: unknown }> {
  const json = /<script id="k-server-answers" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error("no server answers in the shell");
  return JSON.parse(json);
}

describe("the web app's shell", () => {
  it("carries the host's merchant answers, equal to the API's, in its head", async () => {
    const host = "nimbus.localhost:3000";
    const res = await app.inject({ url: "/sign-in", headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.body).toMatch(/<script id="k-server-answers"[^>]*>.*<\/script>\s*<\/head>/s);
    const answers = answersIn(res.body);
    // The sign-in form's phone picker waits for the countries too (the page is rendered with them).
    expect(Object.keys(answers)).toEqual([
      ...BOOT_CALLS,
      "/v1/catalog/countries?type=phone",
      "/web/info?locale=en&variant=filesLinks",
      "/web/info?locale=en&variant=merchantSocial",
    ]);
    expect(bootCalls("/exchange")).toEqual(BOOT_CALLS);
    for (const url of Object.keys(answers)) {
      const direct = await app.inject({ url, headers: { host } });
      expect(answers[url]).toEqual({ status: direct.statusCode, body: direct.json() });
    }
    const merchant = answers["/web/info?locale=en&variant=merchantData"]?.body as { data: { title: string } };
    expect(merchant.data.title).toBe("Nimbus Pay");
  });

  it("cannot be closed early by an answer holding </script>", () => {
    const html = withBootAnswers("<head></head>", {
      "/x": { status: 200, body: "</script><script>alert(1)" },
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(answersIn(html)["/x"]?.body).toBe("</script><script>alert(1)");
  });
});
