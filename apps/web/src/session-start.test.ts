import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createWebSession,
  markSignedInBefore,
  REFRESH_LOCK,
  SIGNED_IN_HINT,
} from "./lib/session/web-session.ts";
import { SESSION_START_KEYS, startEarly } from "./session-start.ts";

// Issue 32: a page behind a session asks for its refresh and first answers before the app's
// scripts have run; the app takes them instead of asking again.
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function stubFetch(answer: (request: Request) => Response) {
  const calls: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(
        new URL(String(input instanceof Request ? input.url : input), location.href),
        init ?? (input as Request),
      );
      calls.push(request);
      return answer(request);
    }),
  );
  return calls;
}

const pageWithMerchant = (merchantBackendId: string) => {
  const doc = document.implementation.createHTMLDocument();
  doc.head.innerHTML = `<script id="k-server-answers" type="application/json">${JSON.stringify({
    "/web/info?locale=en&variant=merchantData": { status: 200, body: { merchantBackendId } },
  })}</script>`;
  return doc;
};
const path = (request: Request) =>
  `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`;

afterEach(() => {
  globalThis.kestrelEarlyAnswers = undefined;
  window.history.replaceState(null, "", "/");
});

describe("session-start", () => {
  it("uses the session's own hint and refresh lock", () => {
    expect(SESSION_START_KEYS).toEqual({ signedInHint: SIGNED_IN_HINT, refreshLock: REFRESH_LOCK });
  });

  it("does nothing for a browser never signed in here", () => {
    const calls = stubFetch(() => json(200, {}));
    expect(startEarly(pageWithMerchant("m-1"))).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it("refreshes at once, sends the page's open calls, then its signed-in ones with the token", async () => {
    markSignedInBefore();
    window.history.replaceState(null, "", "/exchange");
    const calls = stubFetch((request) =>
      request.url.endsWith("/oauth/token")
        ? json(200, { access_token: "t-1", expires_in: 900 })
        : json(200, {}),
    );
    const early = startEarly(pageWithMerchant("m-1"));
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(5));
    await Promise.all(early?.answers.values() ?? []);
    expect(path(calls[0] as Request)).toBe("POST /oauth/token");
    expect(calls[0]?.headers.get("x-merchant-id")).toBe("m-1");
    const signedIn = calls.filter((call) => call.headers.get("authorization") === "Bearer t-1").map(path);
    expect(signedIn).toEqual([
      "GET /v2/customer/profile",
      "GET /v2/customer/kyc/data",
      "GET /v3/wallets",
      "GET /v2/exchange/currencies",
    ]);
    expect(calls.map(path)).toContain("GET /web/banners?locale=en&bannerPosition=right");
    expect([...(early?.answers.keys() ?? [])]).toHaveLength(calls.length);
  });

  it("sends no signed-in call when the refresh is refused", async () => {
    markSignedInBefore();
    window.history.replaceState(null, "", "/exchange");
    const calls = stubFetch((request) =>
      request.url.endsWith("/oauth/token") ? json(401, {}) : json(200, {}),
    );
    const early = startEarly(pageWithMerchant("m-1"));
    const answers = await Promise.all(early?.answers.values() ?? []);
    expect(calls.some((call) => call.headers.has("authorization"))).toBe(false);
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(4);
  });

  it("the app's start takes the early refresh and first answers: nothing is asked twice", async () => {
    markSignedInBefore();
    window.history.replaceState(null, "", "/exchange");
    const calls = stubFetch((request) =>
      request.url.endsWith("/oauth/token")
        ? json(200, { access_token: "t-1", expires_in: 900 })
        : json(200, { id: "c-1" }),
    );
    globalThis.kestrelEarlyAnswers = startEarly(pageWithMerchant("m-1"));
    const asked = calls.length;
    const session = createWebSession({ apiBaseUrl: location.origin });
    session.setMerchantId("m-1");
    session.start();
    await vi.waitFor(() => expect(session.status()).toBe("signedIn"));
    const profile = await session.api.GET("/v2/customer/profile");
    expect(profile.response.status).toBe(200);
    await Promise.all(globalThis.kestrelEarlyAnswers?.answers.values() ?? []);
    expect(calls.length).toBe(asked + 4); // the four signed-in calls went out after the refresh
    expect(calls.filter((call) => call.url.endsWith("/oauth/token"))).toHaveLength(1);
    expect(calls.filter((call) => call.url.endsWith("/v2/customer/profile"))).toHaveLength(1);
    // Taken once: the next ask goes out.
    await session.api.GET("/v2/customer/profile");
    expect(calls.filter((call) => call.url.endsWith("/v2/customer/profile"))).toHaveLength(2);
  });
});
