import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsDriver, bearerHeaders, newPhone } from "./modules/auth/auth.test-helpers.ts";
import { NIMBUS_MERCHANT_ID } from "./modules/merchants/index.ts";
import { signInOperator } from "./modules/operators/operators.test-helpers.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * The contract's fuzz test: requests made from the live contract's own request
 * schemas (path, query, headers, body), mostly well-formed and sometimes not, signed in where the
 * operation needs a token (the back-office's: a platform admin's session, who holds every
 * permission, so bad input reaches validation and the handlers). No answer may be a 5xx, and every
 * answer must be a status the operation documents, with a body its schema accepts. Bounded: a
 * few runs per operation.
 */

type Schema = Record<string, unknown>;
type Parameter = { in: "path" | "query" | "header"; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: Record<string, unknown>[];
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Schema } };

const RUNS_PER_OPERATION = 4;
/** Parts of a request the fuzzer leaves alone: they only name the test's merchant and device. */
const FIXED_HEADERS = new Set([
  "x-merchant-id",
  "authorization",
  "content-type",
  "x-deviceid",
  "cookie",
  "x-csrf-token",
]);

let t: TestApp;
let contract: Document;
let token: string;
let operator: Record<string, string>;
const d = () => accountsDriver(t.app, t.database);
const freshToken = async () => (await d().register(newPhone())).access_token as string;
/**
 * A platform admin acting on the second merchant: what the fuzz changes there (its operations,
 * fees, limits) leaves the customers' merchant of the other operations as it was.
 */
const freshOperator = async () => ({
  ...(await signInOperator(t.app, t.database, "PLATFORM_ADMIN", null)).headers,
  "x-merchant-id": NIMBUS_MERCHANT_ID,
});

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  contract = t.app.swagger() as unknown as Document;
  token = await freshToken();
  operator = await freshOperator();
}, 60_000);
afterAll(() => t.close());

/** Inlines `$ref`s to the document's components (the contract has no recursive schemas). */
function resolve(schema: unknown, depth = 0): unknown {
  if (depth > 40 || schema === null || typeof schema !== "object") return schema;
  if (Array.isArray(schema)) return schema.map((s) => resolve(s, depth + 1));
  const ref = (schema as { $ref?: string }).$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    const name = ref.slice("#/components/schemas/".length);
    return resolve(contract.components?.schemas?.[name], depth + 1);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, resolve(v, depth + 1)]));
}

const JUNK = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.constant(null),
  fc.constant("\u0000"),
  fc.constant("-1"),
  fc.constant(""),
);

/** Values a JSON schema accepts (mostly), with junk now and then. */
function arbitrary(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return JUNK;
  const valid = validArbitrary(schema, depth);
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: JUNK });
}

function validArbitrary(s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if ("const" in s) return fc.constant(s.const);
  const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (union?.length) return fc.oneof(...union.map((u) => arbitrary(u, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return arbitrary(s.allOf[0] as Schema, depth + 1);
  const type = Array.isArray(s.type) ? (s.type.find((x) => x !== "null") ?? "null") : s.type;
  switch (type) {
    case "string": {
      if (typeof s.pattern === "string") {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).map((x) => x.slice(0, 200));
        } catch {
          return fc.string();
        }
      }
      if (s.format === "uuid") return fc.uuid();
      if (s.format === "email") return fc.emailAddress();
      if (s.format === "date")
        return fc.date({ noInvalidDate: true }).map((x) => x.toISOString().slice(0, 10));
      if (s.format === "date-time") return fc.date({ noInvalidDate: true }).map((x) => x.toISOString());
      const maxLength = Math.min(Number(s.maxLength ?? 40), 200);
      return fc.string({ minLength: Math.min(Number(s.minLength ?? 0), maxLength), maxLength });
    }
    case "integer":
      return fc.integer({
        min: Math.max(Number(s.minimum ?? -1000), Number.MIN_SAFE_INTEGER),
        max: Math.min(Number(s.maximum ?? 100_000), Number.MAX_SAFE_INTEGER),
      });
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e9 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(arbitrary(s.items as Schema | undefined, depth + 1), { maxLength: 3 });
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = (s.required ?? []) as string[];
      const fields = Object.fromEntries(
        Object.entries(properties).map(([k, v]) => [k, arbitrary(v, depth + 1)]),
      );
      return fc.record(fields, { requiredKeys: required.filter((k) => k in fields) });
    }
    default:
      return JUNK;
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** One request of an operation: url, headers and payload. */
function requestArbitrary(path: string, method: string, op: Operation) {
  const parameters = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) as Schema }));
  const pick = (where: Parameter["in"]) =>
    Object.fromEntries(
      parameters
        .filter((p) => p.in === where && !FIXED_HEADERS.has(p.name.toLowerCase()))
        .map((p) => [
          p.name,
          p.required ? arbitrary(p.schema) : fc.option(arbitrary(p.schema), { nil: undefined }),
        ]),
    );
  const content = op.requestBody?.content ?? {};
  const [mediaType] = Object.keys(content);
  const body = mediaType ? arbitrary(resolve(content[mediaType]?.schema) as Schema) : fc.constant(undefined);
  return fc
    .record({
      path: fc.record(pick("path")),
      query: fc.record(pick("query")),
      headers: fc.record(pick("header")),
      body,
    })
    .map((r) => {
      // An empty segment would reach another route (/v1/deposits/ is the list): never empty.
      const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
        encodeURIComponent(text(r.path[name] ?? "") || "x"),
      );
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(r.query)) if (v !== undefined) query.set(k, text(v));
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.headers))
        if (v !== undefined) headers[k] = text(v).replace(/[^\x20-\x7e]/g, "");
      let payload: string | undefined;
      if (mediaType && method !== "GET" && method !== "DELETE") {
        if (mediaType === "application/x-www-form-urlencoded" && r.body && typeof r.body === "object") {
          headers["content-type"] = mediaType;
          payload = new URLSearchParams(
            Object.entries(r.body as Record<string, unknown>).map(([k, v]): [string, string] => [k, text(v)]),
          ).toString();
        } else {
          headers["content-type"] = "application/json";
          payload = JSON.stringify(r.body ?? null);
        }
      }
      return { url: query.size > 0 ? `${url}?${query}` : url, headers, payload };
    });
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const validators = new Map<object, ReturnType<typeof ajv.compile>>();
const validatorOf = (schema: Schema) => {
  let v = validators.get(schema);
  if (!v) {
    v = ajv.compile(resolve(schema) as Schema);
    validators.set(schema, v);
  }
  return v;
};

const operations = () =>
  Object.entries(contract.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

describe("contract fuzz", () => {
  it("answers every generated request without a 5xx, in a documented status and shape", async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    const failures: string[] = [];
    // The back-office's answers by status: the fuzz must get past its guard, not only to a 401.
    const backOfficeStatuses = new Map<number, number>();
    for (const { method, path, op } of ops) {
      const bearer = op.security?.some((s) => "bearer" in s) ?? false;
      const backOffice = op.security?.some((s) => "operatorSession" in s) ?? false;
      await fc.assert(
        fc.asyncProperty(requestArbitrary(path, method, op), async (req) => {
          const res = await t.app.inject({
            method: method as "GET",
            url: req.url,
            headers: {
              ...(bearer ? bearerHeaders(token) : {}),
              ...(backOffice ? operator : {}),
              "x-deviceid": "fuzz-device",
              ...req.headers,
            },
            ...(req.payload !== undefined ? { payload: req.payload } : {}),
          });
          // A call that ended the session (sign-out, password change) leaves the next a new one.
          if (bearer && res.statusCode === 401) token = await freshToken();
          if (backOffice) {
            backOfficeStatuses.set(res.statusCode, (backOfficeStatuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode === 401) operator = await freshOperator();
          }
          const name = `${method} ${path} -> ${res.statusCode} (${req.url})`;
          if (res.statusCode >= 500) failures.push(`${name}: ${res.body.slice(0, 200)}`);
          const documented = op.responses?.[String(res.statusCode)];
          if (!documented) {
            failures.push(`${name}: status not in the contract`);
            return;
          }
          const schema = documented.content?.["application/json"]?.schema;
          const type = String(res.headers["content-type"] ?? "");
          if (schema && type.startsWith("application/json") && res.body.length > 0) {
            const validate = validatorOf(schema);
            if (!validate(res.json()))
              failures.push(`${name}: body not in its schema ${ajv.errorsText(validate.errors)}`);
          }
        }),
        { numRuns: RUNS_PER_OPERATION, seed: 23 },
      );
    }
    expect(failures).toEqual([]);
    const count = (test: (status: number) => boolean) =>
      [...backOfficeStatuses].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
    expect(count((s) => s === 400)).toBeGreaterThan(10);
    expect(count((s) => s >= 200 && s < 300)).toBeGreaterThan(10);
  }, 600_000);
});
