import {
  type AccessGrant,
  cookieRefresh,
  createKestrelClient,
  createSession,
  type KestrelClient,
} from "@kestrel/api-client";
import { withEarlyAnswers } from "../http/early-answers.ts";
import { retryUnavailable } from "../http/retry-unavailable.ts";
import { deviceId } from "./device-identity.ts";

/** "restoring": the app start is asking the server whether the refresh cookie is still good. */
export type SessionStatus = "restoring" | "signedIn" | "signedOut";

/**
 * Not a secret and not the session: only "try a silent refresh at start" (see `start`). The hint
 * and the lock are read by session-start.ts too, under the same names.
 */
export const SIGNED_IN_HINT = "kestrel.signedIn";
export const REFRESH_LOCK = "kestrel.tokenRefresh";
const CHANNEL = "kestrel.session";

/** For tests and tools: this browser was signed in before, so the app starts with a refresh. */
export function markSignedInBefore(): void {
  localStorage.setItem(SIGNED_IN_HINT, "1");
}

export interface WebSession {
  /** The typed API client; signed-in calls get the bearer token and the 401 refresh queue. */
  api: KestrelClient["api"];
  status(): SessionStatus;
  subscribe(listener: () => void): () => void;
  /** App start: a silent refresh when this browser was signed in before. */
  start(): void;
  /** A sign-in, phone confirmation or password reset answered tokens. */
  signIn(grant: AccessGrant): void;
  /** Ends the session on the server, then here and in the other tabs. */
  signOut(): Promise<void>;
  /** The merchant (merchantData.merchantBackendId), sent as X-Merchant-ID once known. */
  setMerchantId(id: string | undefined): void;
  /**
   * Why the server ended the last session, when it said a reason the customer must read (an
   * operator's block: ACCOUNT_BLOCKED); undefined for a plain expiry or a sign-out.
   */
  endReason(): SessionEndReason | undefined;
}

type SessionEndReason = { code: string; message: string };

/**
 * The web app's session (docs/accounts.md, "Web app"). The access token lives in memory only
 * (api-client's session); the refresh token lives only in the server's HttpOnly cookie, which
 * page script can neither read nor leak. A reload therefore starts with one silent refresh.
 */
export function createWebSession(
  options: { apiBaseUrl?: string; onSignedOut?: () => void } = {},
): WebSession {
  const apiBaseUrl = options.apiBaseUrl ?? window.location.origin;
  // Looked up at call time, so a test may replace the global fetch after this is created.
  // A money call (it has an Idempotency-Key) rides through a database failover's 503s. The start's
  // refresh and the page's first calls may already be answered (session-start.ts).
  const fetchLate: typeof fetch = retryUnavailable(
    withEarlyAnswers((input, init) => globalThis.fetch(input, init)),
  );
  let merchantId: string | undefined;
  const merchantHeader = (): Record<string, string> => (merchantId ? { "x-merchant-id": merchantId } : {});

  const refreshWithCookie = cookieRefresh({ apiBaseUrl, fetch: fetchLate, headers: merchantHeader });
  // Tabs share the cookie, and every refresh rotates it: two tabs refreshing at once would show
  // the server one token twice, which it takes for theft and answers by revoking the session.
  // A lock across the tabs of this origin makes their refreshes take turns.
  const refresh = async (): Promise<AccessGrant> =>
    typeof navigator !== "undefined" && navigator.locks
      ? await navigator.locks.request(REFRESH_LOCK, refreshWithCookie)
      : refreshWithCookie();

  let endReason: SessionEndReason | undefined;
  const ended = () => {
    localStorage.removeItem(SIGNED_IN_HINT);
    options.onSignedOut?.();
  };
  const session = createSession({
    refresh,
    onSessionEnded: (refusal) => {
      // INVALID_TOKEN is the usual end (expired, revoked): sign in again, nothing more to say.
      endReason =
        refusal.code && refusal.code !== "INVALID_TOKEN" && refusal.reason
          ? { code: refusal.code, message: refusal.reason }
          : undefined;
      ended();
    },
  });
  const { api } = createKestrelClient({
    apiBaseUrl,
    fetch: fetchLate,
    getMerchantId: () => merchantId,
    session,
  });

  const hinted = () => localStorage.getItem(SIGNED_IN_HINT) === "1";
  let restoring = hinted();
  let started = false;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  session.subscribe(emit);

  const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(CHANNEL);
  channel?.addEventListener("message", (event: MessageEvent) => {
    if (event.data !== "signed-out" || !session.isSignedIn()) return;
    session.end();
    ended();
  });

  return {
    api,
    status: () => (restoring ? "restoring" : session.isSignedIn() ? "signedIn" : "signedOut"),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started || !restoring) return;
      started = true;
      void session
        .refreshOnce()
        .then(
          (token) => {
            if (!token) localStorage.removeItem(SIGNED_IN_HINT);
          },
          // Unreachable server: signed out for now, but the cookie may still be good next time.
          () => undefined,
        )
        .finally(() => {
          restoring = false;
          emit();
        });
    },
    signIn(grant) {
      endReason = undefined;
      localStorage.setItem(SIGNED_IN_HINT, "1");
      restoring = false;
      session.begin(grant);
    },
    async signOut() {
      // The server revokes the session and clears the cookie; whatever it answers, this tab
      // forgets the token, so a failed call never leaves the customer signed in here.
      await api.POST("/signout", { headers: { "x-deviceid": deviceId() } }).catch(() => undefined);
      session.end();
      ended();
      channel?.postMessage("signed-out");
    },
    setMerchantId(id) {
      merchantId = id;
    },
    endReason: () => endReason,
  };
}
