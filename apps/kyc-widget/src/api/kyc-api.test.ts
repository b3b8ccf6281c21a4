import { describe, expect, it, vi } from "vitest";
import { ApiError, createKycApi, SessionError } from "./kyc-api.ts";

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe("widget API client", () => {
  it("sends the token as bearer, and on 401 repeats the call with a renewed one", async () => {
    let token = "old";
    const seen: string[] = [];
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const auth = (init?.headers as Record<string, string> | undefined)?.authorization ?? "";
      seen.push(auth);
      return auth === "Bearer old" ? reply(401, { message: "expired" }) : reply(200, { kycLevel: "KYC_0" });
    });
    const renew = vi.fn(async () => {
      token = "new";
    });
    const api = createKycApi({ token: () => token, renewToken: renew, fetch });
    await expect(api.getData()).resolves.toMatchObject({ kycLevel: "KYC_0" });
    expect(seen).toEqual(["Bearer old", "Bearer new"]);
    expect(renew).toHaveBeenCalledWith("expired");
  });

  it("gives up with the host's message when the token cannot be renewed", async () => {
    const api = createKycApi({
      token: () => "old",
      renewToken: async () => Promise.reject(new Error("Failed to update access token")),
      fetch: async () => reply(401, {}),
    });
    const error = await api.getData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect((error as Error).message).toBe("Failed to update access token");
  });

  it("turns a refusal into an ApiError with the server's message and field", async () => {
    const api = createKycApi({
      token: () => "t",
      renewToken: async () => {},
      fetch: async () =>
        reply(415, { error: "DOCUMENT_TYPE_NOT_SUPPORTED", message: "Please upload a JPEG", field: "image" }),
    });
    const error = await api.upload({ docType: "SELFIE" }, new Blob(["x"]), "x.gif").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, code: "DOCUMENT_TYPE_NOT_SUPPORTED", field: "image" });
  });

  it("uploads the file as `image` with the document's query", async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => reply(200, { result: "OK" }));
    const api = createKycApi({ token: () => "t", renewToken: async () => {}, fetch });
    await api.upload(
      { docType: "ID_CARD_FRONT", issuedDate: "2020-01-02", issuedCountry: "DE" },
      new Blob(["x"]),
      "a.jpg",
    );
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/v1/kyc/upload/document?docType=ID_CARD_FRONT&issuedDate=2020-01-02&issuedCountry=DE");
    expect((init.body as FormData).get("image")).toBeInstanceOf(Blob);
  });
});
