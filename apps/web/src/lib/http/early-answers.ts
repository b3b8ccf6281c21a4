import type { EarlyAnswers } from "../../session-start.ts";

/** An answer older than this is not taken: the app asks again rather than show it. */
const FRESH_FOR_MS = 30_000;

/**
 * `fetch` that first takes what session-start.ts asked for before the app ran (the silent
 * refresh and the page's first calls): the app's first request with the same method and address
 * gets that answer instead of going out again. Each is taken once and only while fresh; one that
 * failed or was never sent (no token) is fetched as usual. Without session-start (vite dev
 * before it ran, tests, a visitor never signed in) every request goes out.
 */
export function withEarlyAnswers(
  send: typeof fetch,
  early: () => EarlyAnswers | undefined = () => globalThis.kestrelEarlyAnswers,
  now: () => number = Date.now,
): typeof fetch {
  return (input, init) => {
    const started = early();
    const key = started && now() - started.startedAt < FRESH_FOR_MS ? requestKey(input, init) : undefined;
    const answer = key ? started?.answers.get(key) : undefined;
    if (!answer || !key) return send(input, init);
    started?.answers.delete(key);
    return answer.then((response) => response ?? send(input, init));
  };
}

/** "METHOD /path?query" of a same-origin request, as session-start.ts keys its answers. */
function requestKey(input: RequestInfo | URL, init: RequestInit | undefined): string | undefined {
  const request = input instanceof Request ? input : undefined;
  const url = new URL(request?.url ?? String(input), location.href);
  if (url.origin !== location.origin) return undefined;
  const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
  return `${method} ${url.pathname}${url.search}`;
}
