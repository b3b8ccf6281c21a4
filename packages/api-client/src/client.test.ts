import createClient from "openapi-fetch";
import { describe, expect, it, vi } from "vitest";
import { createKestrelClient, isApiErrorBody } from "./client.ts";
import { RequiredParameterError, requiredParamsMiddleware } from "./required-params.ts";
import { bearerOperations } from "./session.ts";

function recordingFetch(status = 200, body: unknown = { success: true, data: {} }) {
  const calls: Request[] = [];
  const fetch = vi.fn(async (input: Request) => {
    calls.push(input);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe("api client", () => {
  it("refuses a call without a required query parameter, naming it and the call", async () => {
    const { fetch, calls } = recordingFetch();
    const { config } = createKestrelClient({ apiBaseUrl: "http://api.test", fetch });
    // @ts-expect-error variant is required by the contract: the types say so too.
    const call = config.GET("/web/info", { params: { query: { locale: "en" } } });
    await expect(call).rejects.toThrow(
      "Required parameter variant was null or undefined when calling getWebInfo.",
    );
    expect(calls).toHaveLength(0);
  });

  it("refuses a call with a missing path parameter", async () => {
    const document = { paths: { "/v1/things/{thingId}": { get: { operationId: "getThing" } } } };
    const client = createClient<{
      "/v1/things/{thingId}": { get: { parameters: { path: { thingId: string } } } };
    }>({
      baseUrl: "http://api.test",
      fetch: recordingFetch().fetch,
    });
    client.use(requiredParamsMiddleware(document));
    const call = client.GET("/v1/things/{thingId}", {
      params: { path: { thingId: undefined as unknown as string } },
    });
    await expect(call).rejects.toBeInstanceOf(RequiredParameterError);
    await expect(call).rejects.toThrow(
      "Required parameter thingId was null or undefined when calling getThing.",
    );
  });

  it("sends the bearer token and merchant id, and types the error body", async () => {
    const error = {
      error: "NOT_VALID_REQUEST_DATA",
      errorId: 422,
      message: "Bad",
      field: "variant",
      requestId: "r1",
    };
    const { fetch, calls } = recordingFetch(400, error);
    const { config } = createKestrelClient({
      apiBaseUrl: "http://api.test",
      fetch,
      getAccessToken: () => "tok",
      getMerchantId: () => "m-1",
    });
    const res = await config.GET("/web/info", {
      params: { query: { locale: "en", variant: "merchantData" } },
    });
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer tok");
    expect(calls[0]?.headers.get("x-merchant-id")).toBe("m-1");
    expect(calls[0]?.url).toBe("http://api.test/web/info?locale=en&variant=merchantData");
    expect(isApiErrorBody(res.error)).toBe(true);
    expect(res.error).toMatchObject({ field: "variant" });
  });

  it("uses the configuration service's own base URL when given", async () => {
    const { fetch, calls } = recordingFetch();
    const { config } = createKestrelClient({
      apiBaseUrl: "http://api.test",
      configBaseUrl: "http://cfg.test",
      fetch,
    });
    await config.GET("/web/info", { params: { query: { locale: "en", variant: "settingsData" } } });
    expect(calls[0]?.url.startsWith("http://cfg.test/web/info")).toBe(true);
  });

  it("keeps a merchant id or token the caller set, and sends none it does not know", async () => {
    const { fetch, calls } = recordingFetch();
    const { config } = createKestrelClient({
      apiBaseUrl: "http://api.test",
      fetch,
      getAccessToken: () => "tok",
      getMerchantId: () => "m-1",
    });
    const query = { locale: "en", variant: "merchantData" } as const;
    await config.GET("/web/info", {
      params: { query },
      headers: { "X-Merchant-ID": "m-own", Authorization: "Bearer own" },
    });
    expect(calls[0]?.headers.get("x-merchant-id")).toBe("m-own");
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer own");

    const anonymous = createKestrelClient({
      apiBaseUrl: "http://api.test",
      fetch,
      getAccessToken: () => undefined,
      getMerchantId: () => undefined,
    });
    await anonymous.config.GET("/web/info", { params: { query } });
    expect(calls[1]?.headers.has("x-merchant-id")).toBe(false);
    expect(calls[1]?.headers.has("authorization")).toBe(false);
  });
});

describe("isApiErrorBody", () => {
  it("accepts a body with a string error and message", () => {
    expect(isApiErrorBody({ error: "E", errorId: 1, message: "m", requestId: "r" })).toBe(true);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", "Bad Gateway"],
    ["an empty string", ""],
    ["a number", 502],
    ["an array", []],
    ["no message", { error: "E" }],
    ["no error", { message: "m" }],
    ["a numeric error", { error: 500, message: "m" }],
    ["a numeric message", { error: "E", message: 1 }],
    // JSON never yields one, but the guard promises an object.
    ["a function with the fields", Object.assign(() => undefined, { error: "E", message: "m" })],
  ])("refuses %s", (_, value) => {
    expect(isApiErrorBody(value)).toBe(false);
  });
});

describe("bearerOperations", () => {
  const document = {
    paths: {
      "/v2/customer/profile": { get: { security: [{ bearer: [] }] }, post: { security: [] } },
      "/web/info": { get: {} },
    },
  };
  const requiresBearer = bearerOperations(document);

  it("marks the operations that declare bearer security, whatever the method's case", () => {
    expect(requiresBearer("/v2/customer/profile", "GET")).toBe(true);
    expect(requiresBearer("/v2/customer/profile", "get")).toBe(true);
  });

  it("leaves out empty security, no security, unknown methods and unknown paths", () => {
    expect(requiresBearer("/v2/customer/profile", "POST")).toBe(false);
    expect(requiresBearer("/web/info", "GET")).toBe(false);
    expect(requiresBearer("/web/info", "DELETE")).toBe(false);
    expect(requiresBearer("/nowhere", "GET")).toBe(false);
  });
});
