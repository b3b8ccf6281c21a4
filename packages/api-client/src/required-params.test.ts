import createClient from "openapi-fetch";
import { describe, expect, it, vi } from "vitest";
import { RequiredParameterError, requiredParamsMiddleware } from "./required-params.ts";

type Paths = {
  "/v1/things/{thingId}": {
    get: { parameters: { path: { thingId: string }; query?: { expand?: string } } };
    post: { parameters: { path: { thingId: string }; header: { "x-merchant-id": string } } };
  };
  "/v1/search": { get: { parameters: { query: { q: string; page?: number } } } };
  "/v1/other": { get: { parameters: { query?: { q?: string } } } };
};

/** The contract as the middleware reads it: a required path, query and header parameter each. */
const document = {
  paths: {
    "/v1/things/{thingId}": {
      get: {
        operationId: "getThing",
        parameters: [
          { name: "thingId", in: "path", required: true },
          { name: "expand", in: "query" },
        ],
      },
      post: { parameters: [{ name: "x-merchant-id", in: "header", required: true }] },
    },
    "/v1/search": {
      get: {
        operationId: "search",
        parameters: [
          { name: "q", in: "query", required: true },
          { name: "page", in: "query", required: false },
        ],
      },
    },
  },
};

function client() {
  const fetch = vi.fn(async (_request: Request) => new Response("{}", { status: 200 }));
  const c = createClient<Paths>({ baseUrl: "http://api.test", fetch: fetch as never });
  c.use(requiredParamsMiddleware(document));
  return { client: c, fetch };
}

describe("required parameters", () => {
  it("names its error", () => {
    expect(new RequiredParameterError("q", "search").name).toBe("RequiredParameterError");
  });

  it("lets a call through when its path parameter is present and optional query parameters are absent", async () => {
    const { client: c, fetch } = client();
    const res = await c.GET("/v1/things/{thingId}", { params: { path: { thingId: "t-1" } } });
    expect(res.response.status).toBe(200);
    expect(fetch.mock.calls[0]?.[0].url).toBe("http://api.test/v1/things/t-1");
  });

  it("refuses a templated path called without any path parameters", async () => {
    const { client: c, fetch } = client();
    const call = c.GET("/v1/things/{thingId}", {} as never);
    await expect(call).rejects.toThrow(new RequiredParameterError("thingId", "getThing").message);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses a required query parameter when the call has no query at all", async () => {
    const { client: c } = client();
    await expect(c.GET("/v1/search", {} as never)).rejects.toBeInstanceOf(RequiredParameterError);
    await expect(c.GET("/v1/search", { params: { query: { page: 2 } } } as never)).rejects.toThrow(
      "Required parameter q was null or undefined when calling search.",
    );
  });

  it("lets an optional query parameter be absent", async () => {
    const { client: c } = client();
    const res = await c.GET("/v1/search", { params: { query: { q: "ada" } } });
    expect(res.response.status).toBe(200);
  });

  it("leaves required headers to the other middleware (merchant id, bearer)", async () => {
    const { client: c } = client();
    const res = await c.POST("/v1/things/{thingId}", { params: { path: { thingId: "t-1" } } } as never);
    expect(res.response.status).toBe(200);
  });

  it("lets through calls the contract does not list, or lists without that method", async () => {
    const { client: c } = client();
    expect((await c.GET("/v1/other")).response.status).toBe(200);
    expect((await c.POST("/v1/search" as never, {} as never)).response.status).toBe(200);
  });

  it("names a call without an operationId by its method and path", async () => {
    const { client: c } = client();
    const call = c.POST("/v1/things/{thingId}", { params: { path: {} } } as never);
    await expect(call).rejects.toThrow(
      "Required parameter thingId was null or undefined when calling POST /v1/things/{thingId}.",
    );
  });
});
