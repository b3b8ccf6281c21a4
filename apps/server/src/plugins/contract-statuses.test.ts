import Fastify, { type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../test-app.ts";
import { registerContractStatuses, type UndocumentedStatus } from "./contract-statuses.ts";

type Operation = {
  responses?: Record<string, unknown>;
  security?: Record<string, unknown>[];
  requestBody?: unknown;
};
type Contract = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let contract: Contract;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  contract = t.app.swagger() as unknown as Contract;
});
afterAll(() => t.close());

const statusesOf = (path: string, method: string) =>
  Object.keys(contract.paths[path]?.[method]?.responses ?? {}).sort();

describe("the contract names every status a route answers", () => {
  it("the sandbox KYC decision answers 303 and 400, and says so", async () => {
    expect(statusesOf("/sandbox/kyc/decide", "post")).toEqual(expect.arrayContaining(["303", "400"]));
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const decided = await t.app.inject({
      method: "POST",
      url: "/sandbox/kyc/decide",
      headers: form,
      payload: "phone=4915100000000&outcome=APPROVED",
    });
    expect(decided.statusCode).toBe(303);
    const refused = await t.app.inject({
      method: "POST",
      url: "/sandbox/kyc/decide",
      headers: form,
      payload: "phone=x&outcome=NOPE",
    });
    expect(refused.statusCode).toBe(400);
  });

  it("every route documents what the framework answers before its handler: 400, 401 with a bearer, 413/415 with a body", () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(contract.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const statuses = Object.keys(op.responses ?? {});
        if (statuses.length === 1 && statuses[0] === "200" && !op.requestBody) continue; // "Default Response"
        const expected = ["400"];
        if (op.security?.some((s) => "bearer" in s)) expected.push("401");
        if (op.requestBody) expected.push("413", "415");
        for (const status of expected) {
          if (!statuses.includes(status)) missing.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("hears of an answer in a status the route's schema does not name", async () => {
    const found: UndocumentedStatus[] = [];
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerContractStatuses(app, (f) => found.push(f));
    const response = { 200: z.object({}) };
    app.get("/teapot", { schema: { response } }, async (_req, reply) =>
      (reply as FastifyReply).status(418).send({}),
    );
    app.get("/fine", { schema: { response: { ...response } } }, async () => ({}));
    await app.inject({ url: "/teapot" });
    await app.inject({ url: "/fine" });
    await app.close();
    expect(found).toEqual([{ method: "GET", url: "/teapot", status: 418 }]);
  });
});
