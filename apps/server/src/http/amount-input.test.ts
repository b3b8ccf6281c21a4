import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsDriver, bearerHeaders, newPhone } from "../modules/auth/auth.test-helpers.ts";
import { DEMO_MERCHANT_ID } from "../modules/merchants/index.ts";
import { type OperatorSession, signInOperator } from "../modules/operators/operators.test-helpers.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { AMOUNT_PATTERN, amountInput } from "./amount-input.ts";

/**
 * Every amount field of the contract takes the same form and refuses the same way.
 * The test walks the live contract: each request field named like an amount, in a body or a query,
 * is sent bad forms with the rest of the request well-formed, and each answer must be the one
 * error naming that field.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  $ref?: string;
  anyOf?: Schema[];
  items?: Schema;
};
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, unknown>[];
};
type Contract = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const BAD_FORMS = [" 1.00 ", "", "1e3", "-1", "1,00", "5.", "+1", "0x10", "١٢"];
const GOOD_FORMS = ["1", "1.00", ".5", "01.5", "123456789.123456"];
/** amount, fromAmount, toAmount, amountFrom, amountTo... */
const IS_AMOUNT = /amount/i;

/** Values of the request's other fields that its schema takes, by name where the name says more. */
const KNOWN: Record<string, unknown> = {
  phone: "+4915112345678",
  currency: "USDT",
  fromCurrency: "USDT",
  toCurrency: "EUR",
  currencyFrom: "USDT",
  currencyTo: "EUR",
  iban: "DE89370400440532013000",
  senderIban: "DE89370400440532013000",
  senderName: "Ada Lovelace",
  address: "0x0000000000000000000000000000000000000001",
};

let t: TestApp;
let contract: Contract;
let token: string;
/** The back-office's amount fields are read for an operator of the merchant. */
let operator: OperatorSession;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  contract = t.app.swagger() as unknown as Contract;
  token = (await accountsDriver(t.app, t.database).register(newPhone())).access_token;
  operator = await signInOperator(t.app, t.database, "PLATFORM_ADMIN", null);
}, 60_000);
afterAll(() => t.close());

const resolve = (s: Schema | undefined): Schema => {
  if (s?.$ref) return resolve(contract.components?.schemas?.[s.$ref.split("/").pop() ?? ""]);
  return s ?? {};
};

/** A value the schema takes: enough for the request to get as far as its amount field. */
function wellFormed(name: string, raw: Schema | undefined): unknown {
  const s = resolve(raw);
  if (name in KNOWN) return KNOWN[name];
  if (s.enum) return s.enum[0];
  if (s.anyOf?.[0]) return wellFormed(name, s.anyOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "object") return objectOf(s, undefined);
  if (type === "array") return [];
  if (type === "boolean") return true;
  if (type === "integer" || type === "number") return 1;
  if (s.format === "uuid") return randomUUID();
  if (s.pattern === "^[A-Z]{2,6}$") return "USDT";
  return "x".repeat(Math.max(1, s.minLength ?? 1));
}

/** The object's required fields well-formed, and `amount` (a field of it) set to `value`. */
function objectOf(s: Schema, amount: { name: string; value: string } | undefined) {
  const body: Record<string, unknown> = {};
  for (const name of s.required ?? []) body[name] = wellFormed(name, s.properties?.[name]);
  if (amount) body[amount.name] = amount.value;
  return body;
}

type AmountField = { method: string; path: string; op: Operation; where: "body" | "query"; name: string };

function amountFields(): AmountField[] {
  const found: AmountField[] = [];
  for (const [path, ops] of Object.entries(contract.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const body = resolve(op.requestBody?.content?.["application/json"]?.schema);
      for (const name of Object.keys(body.properties ?? {}).filter((n) => IS_AMOUNT.test(n)))
        found.push({ method, path, op, where: "body", name });
      for (const p of op.parameters ?? [])
        if (p.in === "query" && IS_AMOUNT.test(p.name))
          found.push({ method, path, op, where: "query", name: p.name });
    }
  }
  return found;
}

async function send(f: AmountField, value: string) {
  const url = f.path.replace(/\{(\w+)\}/g, (_, p: string) => (p === "currency" ? "USDT" : randomUUID()));
  const query: Record<string, string> = {};
  for (const p of f.op.parameters ?? []) {
    if (p.in === "query" && p.required && p.name !== f.name)
      query[p.name] = String(wellFormed(p.name, p.schema));
  }
  if (f.where === "query") query[f.name] = value;
  const bodySchema = resolve(f.op.requestBody?.content?.["application/json"]?.schema);
  return t.app.inject({
    method: f.method.toUpperCase() as "POST",
    url,
    query,
    headers: {
      "x-merchant-id": DEMO_MERCHANT_ID,
      "idempotency-key": randomUUID(),
      // The payout calls ask for it before their body is read (its schema says optional).
      "x-sdk-version": "1.0.0",
      ...(f.op.security?.some((s) => "bearer" in s) ? bearerHeaders(token) : {}),
      ...(f.op.security?.some((s) => "operatorSession" in s) ? operator.headers : {}),
    },
    ...(f.op.requestBody
      ? { payload: objectOf(bodySchema, f.where === "body" ? { name: f.name, value } : undefined) }
      : {}),
  });
}

describe("every amount field of the contract (issue 31 §8)", () => {
  it("is the one amount schema: a string of at most 40 characters in the one form", () => {
    const fields = amountFields();
    // The contract's amount fields today: sends, fees, exchanges, top-ups, pay-ins, payouts,
    // deposits, IBAN, and the sandbox's. A new one is walked by the tests below as it comes.
    expect(fields.length).toBeGreaterThanOrEqual(25);
    for (const f of fields) {
      const schema = resolve(
        f.where === "body"
          ? resolve(f.op.requestBody?.content?.["application/json"]?.schema).properties?.[f.name]
          : f.op.parameters?.find((p) => p.name === f.name)?.schema,
      );
      expect({ field: `${f.method} ${f.path} ${f.name}`, ...schema }).toMatchObject({
        type: "string",
        maxLength: 40,
        pattern: AMOUNT_PATTERN.source,
      });
    }
  });

  it("takes the written forms @kestrel/money reads, and none other", () => {
    for (const v of GOOD_FORMS) expect(amountInput.safeParse(v).success, v).toBe(true);
    for (const v of BAD_FORMS) expect(amountInput.safeParse(v).success, JSON.stringify(v)).toBe(false);
  });

  it("refuses a bad form on every field alike: 400 naming the field, one message", async () => {
    const wrong: string[] = [];
    for (const f of amountFields()) {
      for (const value of BAD_FORMS) {
        const res = await send(f, value);
        const { error, field, message } = res.json();
        const got = `${res.statusCode} ${error} ${field} "${message}"`;
        const expected = `400 NOT_VALID_REQUEST_DATA ${f.name} "${f.name}: must be a decimal number like 12.50"`;
        if (got !== expected) wrong.push(`${f.method} ${f.path} ${f.name}=${JSON.stringify(value)}: ${got}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
