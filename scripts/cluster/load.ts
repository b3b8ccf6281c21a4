import type { ClusterCustomer } from "./customers.ts";

/**
 * One money operation as a client makes it: a send by phone, or an exchange (an offer, then its
 * execution). Its key and body never change across retries. `eurOutMinor`: what it takes out of
 * the customers' EUR wallets once applied (an exchange's from-amount; a send stays among them).
 */
export type Send = {
  kind: "send" | "exchange";
  key: string;
  from: ClusterCustomer;
  body: string;
  eurOutMinor: bigint;
};

/**
 * What the client finally learnt of an operation: a status, or nothing (it gave up). `attempts`:
 * requests made (an exchange takes two calls); `retries`: those that were repeats of a call.
 */
export type Outcome = {
  status: number | undefined;
  attempts: number;
  retries: number;
  /** 503 answers on the way, and those of them without a Retry-After (the server owes one). */
  unavailable: number;
  unavailableWithoutRetryAfter: number;
  /** Of the 503s, those an instance gave (its body has a requestId), not the load balancer. */
  unavailableFromInstance: number;
  /** Calls cut off: a connection reset or refused, or a 502/504 from the load balancer. */
  cut: number;
  eurOutMinor: bigint;
  kind: Send["kind"];
  /** The last answer's body when it was not a 200 (its code says why): what a failed run prints. */
  failure?: unknown;
};

const SEND_AMOUNT = "0.01";
/** An exchange's from-amount (the pair's minimum), fees inside: the wallet gives exactly this. */
const EXCHANGE_EUR = "1";
const EXCHANGE_EUR_MINOR = 100n;

/** The answers a client retries (same key, same body): the request may not have been applied. */
const RETRIED = new Set([502, 503, 504]);

/**
 * The operation's calls, each retried on a network error or a gateway answer until `deadline`.
 * An exchange first gets its offer (a retried create may leave an unused offer: it lapses), then
 * executes it under the operation's key.
 */
export async function sendWithRetries(url: string, send: Send, deadline: number): Promise<Outcome> {
  const headers = {
    "x-merchant-id": send.from.merchantId,
    authorization: `Bearer ${send.from.token}`,
  };
  const out = (...calls: Answer[]): Outcome => ({
    status: calls.at(-1)?.status,
    kind: send.kind,
    ...failureOf(calls.at(-1)),
    attempts: calls.reduce((n, c) => n + c.attempts, 0),
    retries: calls.reduce((n, c) => n + c.attempts - 1, 0),
    unavailable: calls.reduce((n, c) => n + c.unavailable, 0),
    unavailableWithoutRetryAfter: calls.reduce((n, c) => n + c.unavailableWithoutRetryAfter, 0),
    unavailableFromInstance: calls.reduce((n, c) => n + c.unavailableFromInstance, 0),
    cut: calls.reduce((n, c) => n + c.cut, 0),
    eurOutMinor: send.eurOutMinor,
  });
  if (send.kind === "send") {
    const r = await callWithRetries(
      `${url}/v1/wallet/send`,
      "POST",
      { ...headers, "idempotency-key": send.key },
      send.body,
      deadline,
    );
    return out(r);
  }
  const offer = await callWithRetries(
    `${url}/v1/mobile/exchange/offer`,
    "POST",
    headers,
    send.body,
    deadline,
  );
  const offerId = (offer.body as { offerId?: string } | undefined)?.offerId;
  if (offer.status !== 200 || !offerId) return out(offer);
  const r = await callWithRetries(
    `${url}/v1/mobile/exchange/offer/${offerId}`,
    "PUT",
    { ...headers, "idempotency-key": send.key },
    undefined,
    deadline,
  );
  return out(offer, r);
}

/** The last answer's body, kept when it was not a 200. */
const failureOf = (last: Answer | undefined) =>
  last?.status === 200 ? {} : { failure: last?.body ?? last?.lastBody };

type Answer = {
  status: number | undefined;
  attempts: number;
  unavailable: number;
  unavailableWithoutRetryAfter: number;
  unavailableFromInstance: number;
  cut: number;
  body?: unknown;
  /** The body of the last retried answer, kept when the call gave up. */
  lastBody?: unknown;
};

async function callWithRetries(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  deadline: number,
): Promise<Answer> {
  const sent = body === undefined ? headers : { ...headers, "content-type": "application/json" };
  const a: Answer = {
    status: undefined,
    attempts: 0,
    unavailable: 0,
    unavailableWithoutRetryAfter: 0,
    unavailableFromInstance: 0,
    cut: 0,
  };
  for (;;) {
    a.attempts++;
    const answer = await fetch(url, {
      method,
      headers: sent,
      body,
      signal: AbortSignal.timeout(30_000),
    }).then(
      async (res) => ({
        status: res.status,
        retryAfter: res.headers.has("retry-after"),
        body: await res.json().catch(() => undefined),
      }),
      () => undefined,
    );
    a.status = answer?.status;
    if (a.status === 503) {
      a.unavailable++;
      if (!answer?.retryAfter) a.unavailableWithoutRetryAfter++;
      if ((answer?.body as { requestId?: string } | undefined)?.requestId) a.unavailableFromInstance++;
    }
    if (a.status === undefined || a.status === 502 || a.status === 504) a.cut++;
    if (a.status !== undefined && !RETRIED.has(a.status)) return { ...a, body: answer?.body };
    a.lastBody = answer?.body;
    if (Date.now() > deadline) return a;
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
  }
}

/**
 * An operation from a random customer under a key no other has: a send to another customer of
 * its merchant,
 * or, every `exchangeEvery`-th one when given, an exchange of 1 EUR to USDT.
 */
export function sendMaker(customers: ClusterCustomer[], prefix: string, exchangeEvery = 0) {
  let n = 0;
  const pick = () => customers[Math.floor(Math.random() * customers.length)] as ClusterCustomer;
  return (): Send => {
    const from = pick();
    const key = `${prefix}-${n++}`;
    if (exchangeEvery > 0 && n % exchangeEvery === 0) {
      const body = JSON.stringify({ currencyFrom: "EUR", currencyTo: "USDT", amountFrom: EXCHANGE_EUR });
      return { kind: "exchange", key, from, body, eurOutMinor: EXCHANGE_EUR_MINOR };
    }
    // A send stays inside its merchant: the receiver is another customer of the same one.
    let to = from;
    while (to === from || to.merchantId !== from.merchantId) to = pick();
    const body = JSON.stringify({ phone: to.phone, amount: SEND_AMOUNT, currency: "EUR" });
    return { kind: "send", key, from, body, eurOutMinor: 0n };
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
