import { describe, expect, it } from "vitest";
import { whenCalled } from "./testing/deferred.ts";
import { fakeApi, profile, profileTokens, signedInClient } from "./testing/fake-api.ts";

describe("session: 401 and refresh", () => {
  it("answers several concurrent 401s with one refresh, then every request succeeds", async () => {
    const api = fakeApi();
    const { client, session } = signedInClient(api);
    api.expireTokens();
    const release = api.holdRefreshes();
    // All four 401s must be in hand, each asking for a refresh, before the refresh answers.
    const allAsked = whenCalled(session, "refreshOnce", 4);
    const pending = Promise.all([profile(client), profile(client), profile(client), profile(client)]);
    await allAsked;
    release.resolve();
    const results = await pending;
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
    expect(profileTokens(api)).toEqual(["Bearer t1", "Bearer dead"]);
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
    expect(api.seen.at(-1)?.authorization).toBeNull();
  });

  it("requests started while a refresh is in flight wait for it and go out with the new token", async () => {
    const api = fakeApi();
    const { client, session } = signedInClient(api);
    api.expireTokens();
    const release = api.holdRefreshes();
    const first = profile(client);
    await api.refreshStarted;
    // The refresh is held open: both requests below start while it is in flight, and t1 still
    // looks valid on the client, so only the wait for the refresh keeps them from sending it.
    const bothAsked = whenCalled(session, "tokenForRequest", 2);
    const waiting = Promise.all([profile(client), profile(client)]);
    await bothAsked;
    expect(profileTokens(api)).toEqual(["Bearer t1"]);
    release.resolve();
    expect((await first).response.status).toBe(200);
    expect((await waiting).map((r) => r.response.status)).toEqual([200, 200]);
    // The waiting ones never met a 401: they were sent once, with t2.
    expect(profileTokens(api)).toEqual(["Bearer t1", "Bearer t2", "Bearer t2", "Bearer t2"]);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(session.accessToken()).toBe("t2");
  });

  it("refreshes again when the refreshed token expires in turn", async () => {
    const api = fakeApi();
    const { client, session } = signedInClient(api);
    api.expireTokens();
    expect((await profile(client)).response.status).toBe(200);
    api.expireTokens();
    expect((await profile(client)).response.status).toBe(200);
    expect(api.refresh).toHaveBeenCalledTimes(2);
    expect(profileTokens(api)).toEqual(["Bearer t1", "Bearer t2", "Bearer t2", "Bearer t3"]);
    expect(session.accessToken()).toBe("t3");
  });

  it("a 401 answered after another request's refresh retries with that token, without a refresh", async () => {
    const api = fakeApi();
    const { client } = signedInClient(api);
    api.expireTokens();
    const slow = api.holdNextResponse();
    const late = profile(client);
    await slow.arrived;
    // Meanwhile another request meets the 401 first and refreshes to t2.
    expect((await profile(client)).response.status).toBe(200);
    slow.release();
    expect((await late).response.status).toBe(200);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(profileTokens(api)).toEqual(["Bearer t1", "Bearer t1", "Bearer t2", "Bearer t2"]);
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

  it("answers locally with the session-ended 401 when the token ran out and the refresh is refused", async () => {
    const api = fakeApi();
    let clock = 0;
    const { client } = signedInClient(api, () => clock);
    clock = 901_000;
    api.refuseRefreshes();
    const res = await profile(client);
    expect(api.seen).toHaveLength(0);
    expect(res.response.status).toBe(401);
    expect(res.response.headers.get("content-type")).toBe("application/json");
    expect(res.error).toEqual({
      error: "INVALID_TOKEN",
      errorId: 0,
      message: "Your session has expired. Please sign in again.",
      requestId: "",
    });
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

  it("a network failure of the refresh keeps the session and does not retry", async () => {
    const api = fakeApi();
    const { client, session, onSessionEnded } = signedInClient(api);
    api.expireTokens();
    api.refresh.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const res = await profile(client);
    expect(res.response.status).toBe(401);
    expect(profileTokens(api)).toEqual(["Bearer t1"]);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(session.isSignedIn()).toBe(true);
  });

  it("a network failure of the call itself rejects it, and the next call goes out as usual", async () => {
    const api = fakeApi();
    const { client } = signedInClient(api);
    api.failNextRequest();
    await expect(profile(client)).rejects.toThrow("Failed to fetch");
    expect((await profile(client)).response.status).toBe(200);
  });
});
