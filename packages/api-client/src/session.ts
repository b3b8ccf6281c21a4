import type { Middleware } from "openapi-fetch";

/** What a sign-in, a phone confirmation, a password reset or a refresh hands back. */
export type AccessGrant = { access_token: string; expires_in: number };

/**
 * The server refused a refresh (revoked, rotated away, expired, missing): the session is over.
 * `code` and `reason` are the server's error and message when it said why (ACCOUNT_BLOCKED: an
 * operator blocked the customer), for the app to tell the customer.
 */
export class SessionEndedError extends Error {
  readonly code: string | undefined;
  readonly reason: string | undefined;
  constructor(message = "The session has ended", said: { code?: string; reason?: string } = {}) {
    super(message);
    this.name = "SessionEndedError";
    this.code = said.code;
    this.reason = said.reason;
  }
}

export interface SessionOptions {
  /**
   * Trades the refresh credential (for the web app: the HttpOnly cookie, which page script
   * never sees) for a new access token. Rejects with SessionEndedError when the server refuses;
   * any other rejection counts as a network failure and leaves the session as it is.
   */
  refresh: () => Promise<AccessGrant>;
  /** Called once each time a signed-in session ends because a refresh was refused, with the refusal. */
  onSessionEnded?: (refusal: SessionEndedError) => void;
  /**
   * Seconds before `expires_in` runs out at which the token counts as expired (clock skew);
   * never more than a tenth of the lifetime, so a short-lived token is still used.
   */
  expiryMarginSeconds?: number;
  now?: () => number;
}

export type Session = ReturnType<typeof createSession>;

/**
 * The access token, kept in memory only, with its lifetime from `expires_in` (spec §9). A
 * refresh is single-flight: however many requests need one, one call goes out and the others
 * wait for its answer (spec §4, §8).
 */
export function createSession(options: SessionOptions) {
  const now = options.now ?? Date.now;
  const marginMs = (options.expiryMarginSeconds ?? 5) * 1000;
  let grant: { token: string; expiresAt: number } | undefined;
  let signedIn = false;
  let inFlight: Promise<string | undefined> | undefined;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  const validToken = () => (grant && now() < grant.expiresAt ? grant.token : undefined);

  function begin(next: AccessGrant) {
    const lifetimeMs = next.expires_in * 1000;
    grant = { token: next.access_token, expiresAt: now() + lifetimeMs - Math.min(marginMs, lifetimeMs / 10) };
    if (!signedIn) {
      signedIn = true;
      emit();
    }
  }

  function end() {
    grant = undefined;
    if (signedIn) {
      signedIn = false;
      emit();
    }
  }

  /** One refresh for everyone asking meanwhile; undefined when the server refused it. */
  function refreshOnce(): Promise<string | undefined> {
    inFlight ??= options
      .refresh()
      .then(
        (next) => {
          begin(next);
          return next.access_token;
        },
        (error: unknown) => {
          if (!(error instanceof SessionEndedError)) throw error;
          const wasSignedIn = signedIn;
          end();
          if (wasSignedIn) options.onSessionEnded?.(error);
          return undefined;
        },
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    isSignedIn: () => signedIn,
    /** The current token if it has not yet expired; never triggers a refresh. */
    accessToken: validToken,
    /** A new grant from a sign-in: the session starts (or continues with the new token). */
    begin,
    /** Forgets the token locally (sign-out); the server side is the caller's business. */
    end,
    /** One refresh shared by all callers; also the silent refresh at app start. */
    refreshOnce,
    /** A token fit to send: waits for a refresh in flight, or starts one if the token expired. */
    async tokenForRequest(): Promise<string | undefined> {
      if (inFlight) return inFlight;
      return validToken() ?? refreshOnce();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The body of the 401 a request gets without going out once its session has ended. */
const SESSION_ENDED_BODY = {
  error: "INVALID_TOKEN",
  errorId: 0,
  message: "Your session has expired. Please sign in again.",
  requestId: "",
};

/**
 * openapi-fetch middleware: signed-in calls (those `requiresBearer` names, from the contract's
 * security) get the bearer token; a 401 on one triggers one shared refresh, then the request
 * is retried once with the new token. Anonymous calls are left alone, so a wrong password's
 * 401 never looks like an expired session.
 */
export function sessionMiddleware(
  session: Session,
  requiresBearer: (schemaPath: string, method: string) => boolean,
): Middleware {
  // Requests are streams: a copy taken before sending is what a retry can send again.
  const sent = new Map<string, { retry: Request; token: string }>();
  return {
    async onRequest({ request, schemaPath, id }) {
      if (!session.isSignedIn() || !requiresBearer(schemaPath, request.method)) return undefined;
      const token = await session.tokenForRequest();
      if (!token) {
        return new Response(JSON.stringify(SESSION_ENDED_BODY), {
          status: 401,
          headers: { "content-type": "application/json" },
        });
      }
      request.headers.set("authorization", `Bearer ${token}`);
      sent.set(id, { retry: request.clone(), token });
      return request;
    },
    async onResponse({ response, id, options }) {
      const entry = sent.get(id);
      // Stryker disable next-line CallExpression: only frees memory. Ids are drawn at random for each
      // call, so a leftover entry is never read again; no test can see it without reaching inside.
      sent.delete(id);
      if (!entry || response.status !== 401) return undefined;
      // Another request may already have refreshed since this one left: use that token.
      const current = session.accessToken();
      const token =
        current && current !== entry.token ? current : await session.refreshOnce().catch(() => undefined);
      if (!token) return undefined;
      entry.retry.headers.set("authorization", `Bearer ${token}`);
      return options.fetch(entry.retry);
    },
    // Stryker disable next-line BlockStatement: only frees memory, as in onResponse; the error is
    // rethrown by openapi-fetch whatever this returns.
    onError({ id }) {
      // Stryker disable next-line CallExpression: as above.
      sent.delete(id);
    },
  };
}

/** True for the contract's operations that declare bearer security. */
export function bearerOperations(document: {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
}): (schemaPath: string, method: string) => boolean {
  return (schemaPath, method) =>
    (document.paths[schemaPath]?.[method.toLowerCase()]?.security?.length ?? 0) > 0;
}

/**
 * The refresh of a browser app: POST /oauth/token with grant_type=refresh_token and no token in
 * the body, so the server takes it from the HttpOnly cookie the browser adds (same origin).
 */
export function cookieRefresh(options: {
  apiBaseUrl: string;
  fetch?: typeof globalThis.fetch;
  headers?: () => Record<string, string>;
}): () => Promise<AccessGrant> {
  return async () => {
    const doFetch = options.fetch ?? globalThis.fetch;
    const response = await doFetch(`${options.apiBaseUrl}/oauth/token`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/x-www-form-urlencoded", ...options.headers?.() },
      body: new URLSearchParams({ grant_type: "refresh_token" }).toString(),
    });
    // 4xx: the server looked at the credential and said no. 5xx and 429: try again later.
    if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      const said = (await response.json().catch(() => undefined)) as
        | { error?: unknown; message?: unknown }
        | undefined;
      throw new SessionEndedError(`refresh refused with ${response.status}`, {
        ...(typeof said?.error === "string" ? { code: said.error } : {}),
        ...(typeof said?.message === "string" ? { reason: said.message } : {}),
      });
    }
    if (!response.ok) throw new Error(`refresh failed with ${response.status}`);
    return (await response.json()) as AccessGrant;
  };
}
