import { toApiError } from "@kestrel/api-client";
import type * as z from "zod/mini";
import { withEarlyAnswers } from "./early-answers.ts";

export interface RequestOptions<T> {
  /** Checks the answer before the app uses it: the server is another team's moving target. */
  schema: z.ZodMiniType<T>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * GET a same-origin JSON resource. The API server serves this app, so paths are relative and no
 * base URL is configured anywhere.
 */
export async function getJson<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { status, statusText, body } = await fetchJson(path, options);
  if (status < 200 || status > 299) throw toApiError(status, body, statusText || `HTTP ${status}`);
  return options.schema.parse(body);
}

// Looked up at call time, so a test may replace the global fetch. A page's first open calls may
// already be answered (session-start.ts).
const send = withEarlyAnswers((input, init) => globalThis.fetch(input, init));

async function fetchJson(path: string, options: RequestOptions<unknown>) {
  const response = await send(path, {
    headers: { Accept: "application/json", ...options.headers },
    signal: options.signal,
  });
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, statusText: response.statusText, body };
}

/** Builds `path?key=value&...`, skipping undefined values. */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
