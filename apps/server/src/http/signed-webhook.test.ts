import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../test-app.ts";
import { defineErrors } from "./app-error.ts";
import { errorBodySchema } from "./error-body.ts";
import {
  isWebhookBodySigned,
  parseSignedJson,
  registerSignedWebhook,
  signWebhookBody,
} from "./signed-webhook.ts";

const SECRET = "a-test-secret-of-the-webhook-sender";
const HEADER = "x-test-signature";
const testErrors = defineErrors({
  TEST_NOT_SIGNED: { status: 401, errorId: 99001, message: "The test webhook's signature is not valid." },
});

let t: TestApp;
const received: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await registerSignedWebhook(t.app, {
    path: "/test/webhook",
    signatureHeader: HEADER,
    secret: SECRET,
    bodyLimit: 256,
    invalidSignature: () => testErrors.create("TEST_NOT_SIGNED"),
    schema: { response: { 200: z.object({ kind: z.string() }), 400: errorBodySchema } },
    handle: async (rawBody) => {
      received.push(rawBody);
      return { kind: parseSignedJson(rawBody, z.object({ kind: z.string() }).strict(), "event").kind };
    },
  });
  // Another route of the same app: its JSON is still parsed (the raw parser has its own scope).
  t.app.post("/test/plain", async (req) => ({ parsed: req.body }));
  await t.app.ready();
});
afterAll(() => t.close());

const post = (payload: string, signature?: string) =>
  t.app.inject({
    method: "POST",
    url: "/test/webhook",
    headers: { "content-type": "application/json", ...(signature ? { [HEADER]: signature } : {}) },
    payload,
  });

describe("signWebhookBody / isWebhookBodySigned", () => {
  it("agree on the exact bytes, and on nothing else", () => {
    const body = '{"kind": "A"}';
    const signature = signWebhookBody(SECRET, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(isWebhookBodySigned(SECRET, body, signature)).toBe(true);
    expect(isWebhookBodySigned(SECRET, '{"kind":"A"}', signature)).toBe(false);
    expect(isWebhookBodySigned("another-secret", body, signature)).toBe(false);
    expect(isWebhookBodySigned(SECRET, body, signature.slice("sha256=".length))).toBe(false);
    expect(isWebhookBodySigned(SECRET, body, `${signature}00`)).toBe(false);
    expect(isWebhookBodySigned(SECRET, body, "sha256=")).toBe(false);
    expect(isWebhookBodySigned(SECRET, body, undefined)).toBe(false);
  });
});

describe("registerSignedWebhook", () => {
  it("hands a signed body over as the exact bytes sent", async () => {
    const body = '{ "kind" :  "CAPTURED" }';
    const res = await post(body, signWebhookBody(SECRET, body));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: "CAPTURED" });
    expect(received.at(-1)).toBe(body);
  });

  it.each([
    ["no signature", undefined],
    ["another secret's", signWebhookBody("another-secret", '{"kind":"X"}')],
    ["another body's", signWebhookBody(SECRET, '{"kind":"Y"}')],
    ["a malformed one", "sha256=zz"],
  ])("refuses %s with the module's 401 in the error shape, before reading the body", async (_, signature) => {
    const before = received.length;
    const res = await post('{"kind":"X"}', signature);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: "TEST_NOT_SIGNED",
      errorId: 99001,
      message: "The test webhook's signature is not valid.",
      requestId: expect.any(String),
    });
    expect(received.length).toBe(before);
  });

  it("answers a signed body that is not JSON, or not of the schema, with 400", async () => {
    for (const body of ["not json", '{"kind":1}', '{"kind":"A","extra":true}']) {
      const res = await post(body, signWebhookBody(SECRET, body));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: "NOT_VALID_REQUEST_DATA",
        message: expect.stringMatching(/^event: /),
      });
    }
  });

  it("refuses a body over the limit with 413 in the error shape", async () => {
    const body = JSON.stringify({ kind: "x".repeat(300) });
    const res = await post(body, signWebhookBody(SECRET, body));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: "PAYLOAD_TOO_LARGE", requestId: expect.any(String) });
  });

  it("leaves JSON parsing of the app's other routes as it was", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/test/plain",
      headers: { "content-type": "application/json" },
      payload: '{"a":1}',
    });
    expect(res.json()).toEqual({ parsed: { a: 1 } });
  });
});
