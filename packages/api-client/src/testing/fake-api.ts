import { vi } from "vitest";
import { createKestrelClient } from "../client.ts";
import { type AccessGrant, createSession, SessionEndedError } from "../session.ts";
import { type Deferred, deferred } from "./deferred.ts";

type Gate = Deferred<void>;

/**
 * A tiny stand-in for the API: signed-in calls accept only the tokens in `live`; the refresh
 * hands out the next token. Tests hold a refresh or a response open with a gate (a deferred
 * promise) to pile requests up behind it; nothing waits on a timer.
 */
export function fakeApi() {
  const live = new Set<string>(["t1"]);
  const seen: Array<{ path: string; authorization: string | null; body: string }> = [];
  let issued = 1;
  let refuseRefresh = false;
  let refreshGate: Gate | undefined;
  const responseGates: Gate[] = [];
  const refreshStarted = deferred();
  const requestArrived: Array<() => void> = [];
  const refresh = vi.fn(async (): Promise<AccessGrant> => {
    refreshStarted.resolve();
    if (refreshGate) await refreshGate.promise;
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
    const gate = responseGates.shift();
    requestArrived.shift()?.();
    // The token is judged when the answer is given, so a held request meets a refresh done meanwhile.
    if (gate) await gate.promise;
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
    /** The next request fails as a network failure would, before reaching the server. */
    failNextRequest: () => {
      fetch.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    },
    refuseRefreshes: () => {
      refuseRefresh = true;
    },
    /** Every refresh from now on waits until the returned gate is resolved. */
    holdRefreshes: () => {
      refreshGate = deferred();
      return refreshGate;
    },
    /** Settles when the first refresh has been asked for. */
    refreshStarted: refreshStarted.promise,
    /**
     * The next request that reaches the server is answered only once the gate is resolved;
     * `arrived` settles when that request has been received.
     */
    holdNextResponse: () => {
      const gate = deferred();
      const arrived = deferred();
      responseGates.push(gate);
      requestArrived.push(arrived.resolve);
      return { release: gate.resolve, arrived: arrived.promise };
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

export function signedInClient(api: FakeApi, now?: () => number) {
  const onSessionEnded = vi.fn();
  const session = createSession({ refresh: api.refresh, onSessionEnded, ...(now ? { now } : {}) });
  session.begin({ access_token: "t1", expires_in: 900 });
  const { api: client } = createKestrelClient({ apiBaseUrl: "http://api.test", fetch: api.fetch, session });
  return { client, session, onSessionEnded };
}

export type SignedInClient = ReturnType<typeof signedInClient>["client"];

export const profile = (client: SignedInClient) => client.GET("/v2/customer/profile");

/** The authorization headers the profile call was sent with, in order of arrival. */
export const profileTokens = (api: FakeApi) =>
  api.seen.filter((s) => s.path === "/v2/customer/profile").map((s) => s.authorization);
