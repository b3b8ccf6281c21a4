import { describe, expect, it, vi } from "vitest";
import { type AccessGrant, createSession, SessionEndedError } from "./session.ts";
import { deferred } from "./testing/deferred.ts";

const grant = (token: string, expiresIn = 900): AccessGrant => ({
  access_token: token,
  expires_in: expiresIn,
});
const refused = async (): Promise<AccessGrant> => {
  throw new SessionEndedError();
};

describe("session state", () => {
  it("starts signed out, without a token", () => {
    const session = createSession({ refresh: refused });
    expect(session.isSignedIn()).toBe(false);
    expect(session.accessToken()).toBeUndefined();
  });

  it("names its error and gives it a default message", () => {
    const error = new SessionEndedError();
    expect(error.name).toBe("SessionEndedError");
    expect(error.message).toBe("The session has ended");
  });

  it("tells subscribers when the session starts and ends, once per change, until they leave", () => {
    const session = createSession({ refresh: refused });
    const listener = vi.fn();
    const leave = session.subscribe(listener);
    session.begin(grant("t1"));
    session.begin(grant("t2"));
    expect(listener).toHaveBeenCalledTimes(1);
    session.end();
    session.end();
    expect(listener).toHaveBeenCalledTimes(2);
    leave();
    session.begin(grant("t3"));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe("session: token lifetime", () => {
  it("counts a token expired 5 seconds before expires_in runs out", () => {
    let clock = 0;
    const session = createSession({ refresh: refused, now: () => clock });
    session.begin(grant("t1", 900));
    clock = 894_999;
    expect(session.accessToken()).toBe("t1");
    clock = 895_000;
    expect(session.accessToken()).toBeUndefined();
  });

  it("takes the margin in seconds from expiryMarginSeconds", () => {
    let clock = 0;
    const session = createSession({ refresh: refused, now: () => clock, expiryMarginSeconds: 30 });
    session.begin(grant("t1", 900));
    clock = 869_999;
    expect(session.accessToken()).toBe("t1");
    clock = 870_000;
    expect(session.accessToken()).toBeUndefined();
  });

  it("never takes more than a tenth of a short lifetime as margin", () => {
    let clock = 0;
    const session = createSession({ refresh: refused, now: () => clock });
    session.begin(grant("t1", 10));
    clock = 8_999;
    expect(session.accessToken()).toBe("t1");
    clock = 9_000;
    expect(session.accessToken()).toBeUndefined();
  });
});

describe("session: refresh", () => {
  it("hands a request the refresh in flight, even while the old token still looks valid", async () => {
    const answer = deferred<AccessGrant>();
    const session = createSession({ refresh: () => answer.promise });
    session.begin(grant("t1"));
    const refreshing = session.refreshOnce();
    const forRequest = session.tokenForRequest();
    answer.resolve(grant("t2"));
    expect(await forRequest).toBe("t2");
    expect(await refreshing).toBe("t2");
  });

  it("a refused refresh without onSessionEnded still ends the session quietly", async () => {
    const session = createSession({ refresh: refused });
    session.begin(grant("t1"));
    await expect(session.refreshOnce()).resolves.toBeUndefined();
    expect(session.isSignedIn()).toBe(false);
  });

  it("a refused silent refresh while signed out does not report a session end", async () => {
    const onSessionEnded = vi.fn();
    const session = createSession({ refresh: refused, onSessionEnded });
    await expect(session.refreshOnce()).resolves.toBeUndefined();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
