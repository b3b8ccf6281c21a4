import { describe, expect, it, vi } from "vitest";
import { createWebSession, markSignedInBefore } from "./web-session.ts";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const grant = { access_token: "a1", expires_in: 900 };

function stubFetch(answer: (request: Request) => Response) {
  const calls: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      calls.push(request);
      return answer(request);
    }),
  );
  return calls;
}

describe("web session", () => {
  it("a first visit makes no refresh call: signed out at once", () => {
    const calls = stubFetch(() => json(200, grant));
    const session = createWebSession({ apiBaseUrl: "http://app.test" });
    session.start();
    expect(session.status()).toBe("signedOut");
    expect(calls).toHaveLength(0);
  });

  it("a browser signed in before restores the session with one silent refresh", async () => {
    markSignedInBefore();
    const calls = stubFetch(() => json(200, grant));
    const session = createWebSession({ apiBaseUrl: "http://app.test" });
    session.setMerchantId("m-1");
    expect(session.status()).toBe("restoring");
    session.start();
    session.start();
    await vi.waitFor(() => expect(session.status()).toBe("signedIn"));
    expect(calls).toHaveLength(1);
    expect(await calls[0]?.text()).toBe("grant_type=refresh_token");
    expect(calls[0]?.headers.get("x-merchant-id")).toBe("m-1");
  });

  it("a refused start-up refresh signs out and forgets that this browser was signed in", async () => {
    markSignedInBefore();
    stubFetch(() => json(400, { error: "NOT_VALID_REQUEST_DATA", message: "refresh_token: missing" }));
    const session = createWebSession({ apiBaseUrl: "http://app.test" });
    session.start();
    await vi.waitFor(() => expect(session.status()).toBe("signedOut"));
    expect(localStorage.getItem("kestrel.signedIn")).toBeNull();
  });

  it("takes a lock across tabs for each refresh, so two tabs never show the server one token twice", async () => {
    markSignedInBefore();
    stubFetch(() => json(200, grant));
    const request = vi.fn((_name: string, callback: () => Promise<unknown>) => callback());
    vi.stubGlobal("navigator", { ...navigator, locks: { request } });
    const session = createWebSession({ apiBaseUrl: "http://app.test" });
    session.start();
    await vi.waitFor(() => expect(session.status()).toBe("signedIn"));
    expect(request).toHaveBeenCalledWith("kestrel.tokenRefresh", expect.any(Function));
  });

  it("signing out ends the session on the server, here and in the other tabs", async () => {
    const calls = stubFetch(() => json(200, { result: "OK" }));
    const otherTabSignedOut = vi.fn();
    const here = createWebSession({ apiBaseUrl: "http://app.test" });
    const otherTab = createWebSession({ apiBaseUrl: "http://app.test", onSignedOut: otherTabSignedOut });
    here.signIn(grant);
    otherTab.signIn(grant);
    await here.signOut();
    expect(here.status()).toBe("signedOut");
    expect(calls[0]?.url).toBe("http://app.test/signout");
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer a1");
    await vi.waitFor(() => expect(otherTab.status()).toBe("signedOut"));
    expect(otherTabSignedOut).toHaveBeenCalledTimes(1);
  });
});
