import { describe, expect, it, vi } from "vitest";
import { createKestrelClient } from "./client.ts";
import { type AccessGrant, cookieRefresh, createSession, SessionEndedError } from "./session.ts";

/**
 * A tiny stand-in for the API: signed-in calls accept only the tokens in `live`; the refresh
 * hands out the next token after a delay, so tests can pile requests up behind it.
 */
function fakeApi() {
  const live = new Set<string>(["t1"]);
  const seen: Array<{ path: string; authorization: string | null; body: string }> = [];
  let issued = 1;
  let refuseRefresh = false;
  const refresh = vi.fn(async (): Promise<AccessGrant> => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (refuseRefresh) throw new SessionEndedError();
    live.clear();
    issued += 1;
    live.add(`t${issued}`);
    return { access_token: `t${issued}`, expires_in: 900 };
  });
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const authorization = request.headers.get("authorization");
    seen.push({ path: url.pathname, authorization, body: await request.clone().text() });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    const signedInCall = url.pathname.startsWith("/v2/customer") || url.pathname === "/signout";
    if (signedInCall && !live.has(authorization?.replace("Bearer ", "") ?? "")) {
      return json(401, { error: "INVALID_TOKEN", errorId: 0, message: "expired", requestId: "r" });
    }
    if (url.pathname === "/oauth/token") {
      return json(401, {
        error: "WRONG_LOGIN_OR_PASSWORD_EXCEPTION",
        errorId: 11,
        message: "no",
        requestId: "r",
      });
    }
    return json(200, { customerId: "c1", phone: "4915100000000" });
  });
  return {
    live,
    seen,
    refresh,
    fetch: fetch as unknown as typeof globalThis.fetch,
    expireTokens: () => live.clear(),
    refuseRefreshes: () => {
      refuseRefresh = true;
    },
  };
}

function signedInClient(api: ReturnType<typeof fakeApi>, now?: () => number) {
  const onSessionEnded = vi.fn();
  const session = createSession({ refresh: api.refresh, onSessionEnded, ...(now ? { now } : {}) });
  session.begin({ access_token: "t1", expires_in: 900 });
  const { api: client } = createKestrelClient({ apiBaseUrl: "http://api.test", fetch: api.fetch, session });
  return { client, session, onSessionEnded };
}

const profile = (client: ReturnType<typeof signedInClient>["client"]) => client.GET("/v2/customer/profile");

describe("session: 401 and refresh", () => {
  it("answers several concurrent 401s with one refresh, then every request succeeds", async () => {
    const api = fakeApi();
    const { client } = signedInClient(api);
    api.expireTokens();
    const results = await Promise.all([profile(client), profile(client), profile(client), profile(client)]);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200, 200]);
  });

  it("retries a request with the new token, keeping its body", async () => {
    const api = fakeApi();
    const { client } = signedInClient(api);
    api.expireTokens();
    const res = await client.PATCH("/v2/customer/profile", { body: { firstName: "Ada" } });
    expect(res.response.status).toBe(200);
    const patches = api.seen.filter((s) => s.path === "/v2/customer/profile");
    expect(patches.map((s) => s.authorization)).toEqual(["Bearer t1", "Bearer t2"]);
    expect(patches[1]?.body).toBe(JSON.stringify({ firstName: "Ada" }));
  });

  it("retries only once: a second 401 is the answer", async () => {
    const api = fakeApi();
    const { client } = signedInClient(api);
    api.expireTokens();
    // The refreshed token is dead as well (the server revoked it at once).
    api.refresh.mockImplementationOnce(async () => ({ access_token: "dead", expires_in: 900 }));
    const res = await profile(client);
    expect(res.response.status).toBe(401);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(api.seen.filter((s) => s.path === "/v2/customer/profile")).toHaveLength(2);
  });

  it("a refused refresh ends the session once, however many requests were waiting", async () => {
    const api = fakeApi();
    const { client, session, onSessionEnded } = signedInClient(api);
    api.expireTokens();
    api.refuseRefreshes();
    const results = await Promise.all([profile(client), profile(client), profile(client)]);
    expect(results.map((r) => r.response.status)).toEqual([401, 401, 401]);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(session.isSignedIn()).toBe(false);
    // Signed out: later calls go without a token and do not try to refresh again.
    await profile(client);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it("requests started while a refresh is in flight wait for it and go out with the new token", async () => {
    const api = fakeApi();
    const { client, session } = signedInClient(api);
    api.expireTokens();
    const first = profile(client);
    await vi.waitFor(() => expect(api.refresh).toHaveBeenCalledTimes(1));
    const waiting = await Promise.all([profile(client), profile(client)]);
    expect((await first).response.status).toBe(200);
    expect(waiting.map((r) => r.response.status)).toEqual([200, 200]);
    // The waiting ones never met a 401: they were sent once, with t2.
    const calls = api.seen.filter((s) => s.path === "/v2/customer/profile");
    expect(calls.map((s) => s.authorization)).toEqual(["Bearer t1", "Bearer t2", "Bearer t2", "Bearer t2"]);
    expect(session.accessToken()).toBe("t2");
  });

  it("refreshes before sending when the token's expires_in has run out", async () => {
    const api = fakeApi();
    let clock = 0;
    const { client } = signedInClient(api, () => clock);
    clock = 901_000;
    api.expireTokens();
    const res = await profile(client);
    expect(res.response.status).toBe(200);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(api.seen.map((s) => s.authorization)).toEqual(["Bearer t2"]);
  });

  it("never sends the token on anonymous calls, and their 401 (wrong password) does not refresh", async () => {
    const api = fakeApi();
    const { client, session } = signedInClient(api);
    const res = await client.POST("/oauth/token", {
      body: { grant_type: "mobile_phone", number: "4915100000000", password: "wrong1" },
    });
    expect(res.response.status).toBe(401);
    expect(api.seen[0]?.authorization).toBeNull();
    expect(api.refresh).not.toHaveBeenCalled();
    expect(session.isSignedIn()).toBe(true);
  });

  it("a network failure of the refresh keeps the session", async () => {
    const api = fakeApi();
    const { client, session, onSessionEnded } = signedInClient(api);
    api.expireTokens();
    api.refresh.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const res = await profile(client);
    expect(res.response.status).toBe(401);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(session.isSignedIn()).toBe(true);
  });
});

describe("cookieRefresh", () => {
  const respond = (status: number, body: unknown = {}) =>
    vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));

  it("posts grant_type=refresh_token without any token, so the cookie carries it", async () => {
    const fetch = respond(200, { access_token: "a", expires_in: 60 });
    const refresh = cookieRefresh({
      apiBaseUrl: "http://api.test",
      fetch: fetch as unknown as typeof globalThis.fetch,
      headers: () => ({ "x-merchant-id": "m-1" }),
    });
    expect(await refresh()).toEqual({ access_token: "a", expires_in: 60 });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("http://api.test/oauth/token");
    expect(init?.body).toBe("grant_type=refresh_token");
    expect(init?.credentials).toBe("same-origin");
    expect(new Headers(init?.headers).get("x-merchant-id")).toBe("m-1");
  });

  it("a 4xx ends the session; a 5xx or 429 is a passing failure", async () => {
    const refused = cookieRefresh({ apiBaseUrl: "", fetch: respond(401) as never });
    await expect(refused()).rejects.toBeInstanceOf(SessionEndedError);
    const missingCookie = cookieRefresh({ apiBaseUrl: "", fetch: respond(400) as never });
    await expect(missingCookie()).rejects.toBeInstanceOf(SessionEndedError);
    const down = cookieRefresh({ apiBaseUrl: "", fetch: respond(503) as never });
    await expect(down()).rejects.not.toBeInstanceOf(SessionEndedError);
  });
});
