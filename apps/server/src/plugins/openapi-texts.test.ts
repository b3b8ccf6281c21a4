import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-app.ts";
import { ERROR_TEXTS, type OpenApiDocument, summaryOf } from "./openapi-texts.ts";

// The contract a reader gets: every operation summarised, every response described (each error
// status in the words of docs/architecture.md "Errors"), every tag described, the servers named.

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  doc = t.app.swagger() as unknown as OpenApiDocument;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ at: `${method} ${path}`, op })),
  );

describe("the OpenAPI document", () => {
  it("summarises every operation and describes each of its responses", () => {
    const missing = operations().flatMap(({ at, op }) => [
      ...(op.summary ? [] : [`${at}: no summary`]),
      ...Object.entries(op.responses ?? {})
        .filter(([, r]) => !r.description || r.description === "Default Response")
        .map(([status]) => `${at} ${status}: no description`),
    ]);
    expect(missing).toEqual([]);
    const send = doc.paths?.["/v1/wallet/send"]?.post;
    expect(send?.summary).toBe("Send money by phone or to an address");
    expect(send?.responses?.["409"]?.description).toBe(ERROR_TEXTS["409"]);
  });

  it("names its servers, describes its tags and says which calls are public", () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(doc.tags?.every((tag) => tag.description !== tag.name)).toBe(true);
    expect(operations().every(({ op }) => Array.isArray(op.security))).toBe(true);
  });

  it("makes a summary from the description's first sentence, without a dangling parenthesis", () => {
    expect(summaryOf({ description: "Opens a deposit. Once per key." })).toBe("Opens a deposit");
    expect(summaryOf({ description: "Lists them (closed=true. and more) here." })).toBe("Lists them");
    expect(summaryOf({ operationId: "sendValidate" })).toBe("Send validate");
  });
});
