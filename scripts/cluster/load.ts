import { DEMO_MERCHANT_ID } from "../../apps/server/src/modules/merchants/merchants.seed.ts";
import type { ClusterCustomer } from "./customers.ts";

/** One send by phone as a client makes it: its key and body never change across retries. */
export type Send = { key: string; from: ClusterCustomer; body: string };

/** What the client finally learnt of a send: a status, or nothing (it gave up). */
export type Outcome = { status: number | undefined; attempts: number };

export const SEND_AMOUNT = "0.01";

/** The answers a client retries (same key, same body): the request may not have been applied. */
const RETRIED = new Set([502, 503, 504]);

/** POST /v1/wallet/send, retried on a network error or a gateway answer until `deadline`. */
export async function sendWithRetries(url: string, send: Send, deadline: number): Promise<Outcome> {
  let attempts = 0;
  for (;;) {
    attempts++;
    const status = await fetch(`${url}/v1/wallet/send`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-merchant-id": DEMO_MERCHANT_ID,
        authorization: `Bearer ${send.from.token}`,
        "idempotency-key": send.key,
      },
      body: send.body,
      signal: AbortSignal.timeout(30_000),
    }).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => undefined,
    );
    if (status !== undefined && !RETRIED.has(status)) return { status, attempts };
    if (Date.now() > deadline) return { status, attempts };
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
  }
}

/** A send from a random customer to another, under a key no other send has. */
export function sendMaker(customers: ClusterCustomer[], prefix: string) {
  let n = 0;
  return (): Send => {
    const from = customers[Math.floor(Math.random() * customers.length)] as ClusterCustomer;
    let to = from;
    while (to === from) to = customers[Math.floor(Math.random() * customers.length)] as ClusterCustomer;
    return {
      key: `${prefix}-${n++}`,
      from,
      body: JSON.stringify({ phone: to.phone, amount: SEND_AMOUNT, currency: "EUR" }),
    };
  };
}

/**
 * `concurrency` clients sending through `url` until `stop()` says so, each send retried until
 * answered. Every outcome is kept by key. `afterEach` runs after each answer (the kill's cue).
 */
export async function drive(opts: {
  url: string;
  concurrency: number;
  next: () => Send;
  stop: (answered: number) => boolean;
  outcomes: Map<string, Outcome>;
  retryDeadline: number;
  afterEach?: (answered: number) => void;
}) {
  let answered = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (!opts.stop(answered)) {
        const send = opts.next();
        const outcome = await sendWithRetries(opts.url, send, Date.now() + opts.retryDeadline);
        opts.outcomes.set(send.key, outcome);
        answered++;
        if (outcome.status === 200) ok++;
        opts.afterEach?.(answered);
      }
    }),
  );
  return { answered, ok };
}
