import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-app.ts";

type Operation = { security?: Record<string, unknown>[] };
type Contract = { paths: Record<string, Record<string, Operation>> };

// The committed contract, so a route that marks itself bearer-protected is walked without
// anyone listing it here.
const contract = JSON.parse(
  readFileSync(
    fileURLToPath(new URL("../../../../packages/api-contract/openapi.json", import.meta.url)),
    "utf8",
  ),
) as Contract;

const bearerOperations = Object.entries(contract.paths).flatMap(([path, operations]) =>
  Object.entries(operations)
    .filter(([, op]) => op.security?.some((s) => "bearer" in s))
    .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);

// Junk in every place a schema could look: path parameters, query, headers and body.
const junkUrl = (path: string) =>
  `${path.replace(/\{[^}]+\}/g, "not-an-id")}?zzz=1&size=-1&offset=x&amount=abc&docType=NOPE`;
const junkHeaders = { "idempotency-key": "", "x-confirmation-code": "not-a-code-at-all" };
const hasBody = (method: string) => method !== "GET" && method !== "DELETE";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

describe("authentication comes before validation", () => {
  it("finds the bearer operations in the contract", () => {
    expect(bearerOperations.length).toBeGreaterThan(20);
  });

  it.each(bearerOperations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    "%s answers 401 to junk without a token, a junk token, and malformed JSON",
    async (_name, { method, path }) => {
      const url = junkUrl(path);
      const attempts = [
        { headers: junkHeaders },
        { headers: { ...junkHeaders, authorization: "Bearer junk" } },
        { headers: { ...junkHeaders, authorization: "Basic eDp5" } },
      ];
      for (const { headers } of attempts) {
        const res = await t.app.inject({
          method: method as "GET",
          url,
          headers,
          ...(hasBody(method) ? { payload: { zzz: 1 } } : {}),
        });
        expect({ status: res.statusCode, body: res.json() }).toMatchObject({
          status: 401,
          body: { error: "INVALID_TOKEN" },
        });
      }
      if (hasBody(method)) {
        const malformed = await t.app.inject({
          method: method as "POST",
          url,
          headers: { "content-type": "application/json" },
          payload: '{"zzz": ',
        });
        expect(malformed.statusCode).toBe(401);
        const wrongType = await t.app.inject({
          method: method as "POST",
          url,
          headers: { "content-type": "text/csv" },
          payload: "zzz",
        });
        expect(wrongType.statusCode).toBe(401);
      }
    },
  );
});
