/** How long to wait when a 503 names no Retry-After, or the network failed before any answer. */
const DEFAULT_WAIT_MS = 1_000;

export interface RetryOptions {
  /** Sends in all, the first included. */
  attempts?: number;
  /** A longer Retry-After is cut to this: the customer is looking at a spinner. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A fetch that sends a request carrying an Idempotency-Key again, the same key and the same body,
 * when the server answers 503 (the database is failing over: docs/operations.md) or the network
 * fails before any answer. The key makes the repeat safe: the server answers what it stored or
 * applies the operation once. A request without a key (a read, a sign-in) goes once, as before;
 * an aborted one is not repeated.
 */
export function retryUnavailable(send: typeof fetch, options: RetryOptions = {}): typeof fetch {
  const attempts = options.attempts ?? 4;
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return async (input, init) => {
    // Untouched unless keyed: the call goes on exactly as the caller made it.
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has("idempotency-key")) return send(input, init);
    const request = new Request(input, init);
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      // A Request's body can be read once: each send gets a copy, the original keeps its own.
      const response = await send(last ? request : request.clone()).catch((err: unknown) => {
        if (last || request.signal.aborted) throw err;
        return undefined;
      });
      if (response && (response.status !== 503 || last)) return response;
      await sleep(Math.min(maxWaitMs, retryAfterMs(response) ?? DEFAULT_WAIT_MS));
    }
  };
}

function retryAfterMs(response: Response | undefined): number | undefined {
  const seconds = Number(response?.headers.get("retry-after") ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}
