import { describe, expect, it } from "vitest";
import { retryUnavailable } from "./retry-unavailable.ts";

// Issue 37: during a database failover the server answers 503 with Retry-After; a money call
// (it carries an Idempotency-Key) is sent again with the same key and body until it is answered.
type Seen = { key: string | null; body: string };

function server(answers: (Response | Error)[]) {
  const seen: Seen[] = [];
  const send: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    seen.push({ key: request.headers.get("idempotency-key"), body: await request.text() });
    const next = answers.shift();
    if (next instanceof Error) throw next;
    if (!next) throw new Error("no more answers");
    return next;
  };
  return { seen, send };
}
const unavailable = (retryAfter?: string) =>
  new Response('{"error":"SERVICE_UNAVAILABLE"}', {
    status: 503,
    headers: retryAfter ? { "retry-after": retryAfter } : {},
  });
const ok = () => new Response('{"status":"SUCCESS"}', { status: 200 });
const post = (headers: Record<string, string>) =>
  new Request("http://kestrel.test/v1/wallet/send", { method: "POST", headers, body: '{"amount":"1.00"}' });

describe("retryUnavailable", () => {
  it("sends a keyed request again after a 503, with the same key and body, waiting Retry-After", async () => {
    const s = server([unavailable("2"), ok()]);
    const waits: number[] = [];
    const fetch = retryUnavailable(s.send, { sleep: async (ms) => void waits.push(ms) });
    const res = await fetch(post({ "idempotency-key": "k-1" }));
    expect(res.status).toBe(200);
    expect(s.seen).toEqual([
      { key: "k-1", body: '{"amount":"1.00"}' },
      { key: "k-1", body: '{"amount":"1.00"}' },
    ]);
    expect(waits).toEqual([2000]);
  });

  it("sends it again after a network failure before any answer", async () => {
    const s = server([new TypeError("Failed to fetch"), ok()]);
    const fetch = retryUnavailable(s.send, { sleep: async () => {} });
    expect((await fetch(post({ "idempotency-key": "k-2" }))).status).toBe(200);
    expect(s.seen.map((x) => x.key)).toEqual(["k-2", "k-2"]);
  });

  it("gives the last 503 to the caller after the attempts, and caps a long Retry-After", async () => {
    const s = server([unavailable("120"), unavailable("120"), unavailable("120")]);
    const waits: number[] = [];
    const fetch = retryUnavailable(s.send, {
      attempts: 3,
      maxWaitMs: 5000,
      sleep: async (ms) => void waits.push(ms),
    });
    expect((await fetch(post({ "idempotency-key": "k-3" }))).status).toBe(503);
    expect(s.seen).toHaveLength(3);
    expect(waits).toEqual([5000, 5000]);
  });

  it("sends a request without a key once: repeating it might not be safe", async () => {
    const s = server([unavailable("1"), ok()]);
    const fetch = retryUnavailable(s.send, { sleep: async () => {} });
    expect((await fetch(post({}))).status).toBe(503);
    expect(s.seen).toHaveLength(1);
  });

  it("does not repeat other failures: a 500 or a refusal is the answer", async () => {
    const s = server([new Response("{}", { status: 500 }), ok()]);
    const fetch = retryUnavailable(s.send, { sleep: async () => {} });
    expect((await fetch(post({ "idempotency-key": "k-4" }))).status).toBe(500);
    expect(s.seen).toHaveLength(1);
  });

  it("does not repeat a request the caller aborted", async () => {
    const controller = new AbortController();
    const abort = new DOMException("aborted", "AbortError");
    const s = server([abort, ok()]);
    controller.abort();
    const fetch = retryUnavailable(s.send, { sleep: async () => {} });
    const request = new Request("http://kestrel.test/v1/wallet/send", {
      method: "POST",
      headers: { "idempotency-key": "k-5" },
      body: "{}",
      signal: controller.signal,
    });
    await expect(fetch(request)).rejects.toBe(abort);
    expect(s.seen).toHaveLength(1);
  });
});
