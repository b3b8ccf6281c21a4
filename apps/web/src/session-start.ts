import { firstCalls } from "./lib/session/first-calls.ts";

/**
 * The answers session-start asked for, by "METHOD /path?query", as the app finds them
 * (lib/http/early-answers.ts). Each is taken once.
 */
export type EarlyAnswers = { startedAt: number; answers: Map<string, Promise<Response | undefined>> };

declare global {
  // A global the app reads (lib/http/early-answers.ts), set by this script before the app runs.
  var kestrelEarlyAnswers: EarlyAnswers | undefined;
}

// The same keys as lib/session/web-session.ts (session-start.test.ts checks they agree): this
// script imports nothing of the app's, so it stays one small file of its own.
const SIGNED_IN_HINT = "kestrel.signedIn";
const REFRESH_LOCK = "kestrel.tokenRefresh";
export const SESSION_START_KEYS = { signedInHint: SIGNED_IN_HINT, refreshLock: REFRESH_LOCK };
const MERCHANT_ANSWER = "/web/info?locale=en&variant=merchantData";

/**
 * The web app's second entry (vite.config.ts), linked in the head before the app's own script so
 * it runs first (docs/web-performance.md, "Pages behind a session"). On a phone the app's scripts
 * take a second or more to arrive; a page behind a session then waited for the silent refresh,
 * and after it for the profile, the verification and the screen's own answers, one round trip
 * after another. Here, in a browser that was signed in before, the refresh goes out at once (in
 * the refresh lock the app's tabs share, so it never races another tab's) and, with its token,
 * the page's first calls (lib/session/first-calls.ts); the app takes these answers when it asks.
 * A visitor without the hint is left alone: the app starts as before.
 */
export function startEarly(doc: Document = document): EarlyAnswers | undefined {
  if (localStorage.getItem(SIGNED_IN_HINT) !== "1") return undefined;
  const merchantId = merchantOfPage(doc);
  const merchantHeader: Record<string, string> = merchantId ? { "x-merchant-id": merchantId } : {};
  const answers = new Map<string, Promise<Response | undefined>>();
  const ask = (path: string, headers: Record<string, string>) =>
    fetch(path, { headers: { Accept: "application/json", ...merchantHeader, ...headers } }).catch(
      () => undefined,
    );

  const refresh = () =>
    fetch("/oauth/token", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/x-www-form-urlencoded", ...merchantHeader },
      body: new URLSearchParams({ grant_type: "refresh_token" }).toString(),
    }).catch(() => undefined);
  // The lock is held until the refresh answers, so no other tab shows the server the same cookie.
  const refreshed = (async () =>
    navigator.locks ? await navigator.locks.request(REFRESH_LOCK, refresh) : await refresh())();
  answers.set("POST /oauth/token", refreshed);

  const calls = firstCalls(location.pathname, merchantId);
  for (const path of calls?.open ?? []) answers.set(`GET ${path}`, ask(path, {}));
  const token = refreshed
    .then(async (response) =>
      response?.ok ? ((await response.clone().json()) as { access_token?: string }).access_token : undefined,
    )
    .catch(() => undefined);
  for (const path of calls?.signedIn ?? []) {
    answers.set(
      `GET ${path}`,
      token.then((bearer) => (bearer ? ask(path, { Authorization: `Bearer ${bearer}` }) : undefined)),
    );
  }
  return { startedAt: Date.now(), answers };
}

/** The merchant id the server's answers in the page name (web-boot-answers.ts), as the app sends it. */
function merchantOfPage(doc: Document): string | undefined {
  try {
    const answers = JSON.parse(doc.getElementById("k-server-answers")?.textContent ?? "{}") as Record<
      string,
      { body?: { merchantBackendId?: unknown } }
    >;
    const id = answers[MERCHANT_ANSWER]?.body?.merchantBackendId;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}

globalThis.kestrelEarlyAnswers = startEarly();
