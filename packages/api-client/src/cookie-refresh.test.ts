import { describe, expect, it, vi } from "vitest";
import { cookieRefresh, createSession, SessionEndedError } from "./session.ts";

const respond = (status: number, body: unknown = {}) =>
  vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));

describe("cookieRefresh", () => {
  it("posts grant_type=refresh_token as a form without any token, so the cookie carries it", async () => {
    const fetch = respond(200, { access_token: "a", expires_in: 60 });
    const refresh = cookieRefresh({
      apiBaseUrl: "http://api.test",
      fetch: fetch as unknown as typeof globalThis.fetch,
      headers: () => ({ "x-merchant-id": "m-1" }),
    });
    expect(await refresh()).toEqual({ access_token: "a", expires_in: 60 });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("http://api.test/oauth/token");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe("grant_type=refresh_token");
    expect(init?.credentials).toBe("same-origin");
    const headers = new Headers(init?.headers);
    expect(headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(headers.get("x-merchant-id")).toBe("m-1");
  });

  it.each([400, 401, 403, 499])("a %i ends the session", async (status) => {
    const refresh = cookieRefresh({ apiBaseUrl: "", fetch: respond(status) as never });
    await expect(refresh()).rejects.toThrow(new SessionEndedError(`refresh refused with ${status}`));
    await expect(refresh()).rejects.toBeInstanceOf(SessionEndedError);
  });

  it("says why when the server did: the session's end carries its code and message", async () => {
    const blocked = { error: "ACCOUNT_BLOCKED", message: "Your account is blocked. Please contact support." };
    const onSessionEnded = vi.fn();
    const session = createSession({
      refresh: cookieRefresh({ apiBaseUrl: "", fetch: respond(403, blocked) as never }),
      onSessionEnded,
    });
    session.begin({ access_token: "t1", expires_in: 900 });
    expect(await session.refreshOnce()).toBeUndefined();
    expect(session.isSignedIn()).toBe(false);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(onSessionEnded.mock.calls[0]?.[0]).toMatchObject({ code: blocked.error, reason: blocked.message });
    // A body that is no error of the API: ended all the same, with nothing to say.
    const bare = cookieRefresh({
      apiBaseUrl: "",
      fetch: vi.fn(async () => new Response("<html>", { status: 401 })),
    });
    await expect(bare()).rejects.toMatchObject({ code: undefined, reason: undefined });
  });

  it.each([429, 500, 503])("a %i is a passing failure, not the end of the session", async (status) => {
    const refresh = cookieRefresh({ apiBaseUrl: "", fetch: respond(status) as never });
    const failure = await refresh().catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(SessionEndedError);
    expect(failure).toEqual(new Error(`refresh failed with ${status}`));
  });

  it.each([429, 500])("a %i during the silent refresh keeps the session signed in", async (status) => {
    const onSessionEnded = vi.fn();
    const session = createSession({
      refresh: cookieRefresh({ apiBaseUrl: "", fetch: respond(status) as never }),
      onSessionEnded,
    });
    session.begin({ access_token: "t1", expires_in: 900 });
    await expect(session.refreshOnce()).rejects.toThrow(`refresh failed with ${status}`);
    expect(session.isSignedIn()).toBe(true);
    expect(session.accessToken()).toBe("t1");
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
