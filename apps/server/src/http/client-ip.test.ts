import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { registerErrorHandler } from "../plugins/error-handler.ts";
import { clientIp } from "./client-ip.ts";

// The whole app cannot start with sandbox mode off yet (no production SMS adapter), so the rule
// is proved on a bare Fastify with the same trustProxy setting buildApp uses.
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
  const app = Fastify({ trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false });
  registerErrorHandler(app);
  app.get("/ip", async (req) => ({ ip: clientIp(config, req) }));
  await app.ready();
  return app;
}

let sandboxOff: FastifyInstance;
let sandboxOn: FastifyInstance;
beforeAll(async () => {
  sandboxOff = await appWith({ SANDBOX: "false", TRUSTED_PROXIES: "10.0.0.1" });
  sandboxOn = await appWith({ SANDBOX: "true" });
});
afterAll(() => Promise.all([sandboxOff.close(), sandboxOn.close()]));

const ipOf = async (app: FastifyInstance, headers: Record<string, string>, remoteAddress: string) => {
  const res = await app.inject({ url: "/ip", headers, remoteAddress });
  return { status: res.statusCode, body: res.json() };
};

describe("clientIp", () => {
  it("ignores X-Sandbox-Client-IP when sandbox mode is off, whatever it holds", async () => {
    expect(await ipOf(sandboxOff, { "x-sandbox-client-ip": "95.167.0.1" }, "46.4.0.1")).toEqual({
      status: 200,
      body: { ip: "46.4.0.1" },
    });
    expect((await ipOf(sandboxOff, { "x-sandbox-client-ip": "<script>" }, "46.4.0.1")).status).toBe(200);
  });

  it("uses X-Sandbox-Client-IP in sandbox mode and refuses a malformed one naming it", async () => {
    expect((await ipOf(sandboxOn, { "x-sandbox-client-ip": "2003::1" }, "127.0.0.1")).body).toEqual({
      ip: "2003::1",
    });
    const bad = await ipOf(sandboxOn, { "x-sandbox-client-ip": "1.2.3" }, "127.0.0.1");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "X-Sandbox-Client-IP" });
  });

  it("takes X-Forwarded-For from a configured proxy only", async () => {
    const forwarded = { "x-forwarded-for": "95.167.0.1" };
    expect((await ipOf(sandboxOff, forwarded, "10.0.0.1")).body).toEqual({ ip: "95.167.0.1" });
    expect((await ipOf(sandboxOff, forwarded, "10.0.0.2")).body).toEqual({ ip: "10.0.0.2" });
    // No proxies configured: nobody's X-Forwarded-For counts.
    expect((await ipOf(sandboxOn, forwarded, "10.0.0.1")).body).toEqual({ ip: "10.0.0.1" });
  });
});
