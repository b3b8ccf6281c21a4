import createClient from "openapi-fetch";
import { describe, expect, it, vi } from "vitest";
import { createKestrelClient, isApiErrorBody } from "./client.ts";
import { RequiredParameterError, requiredParamsMiddleware } from "./required-params.ts";

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
});
