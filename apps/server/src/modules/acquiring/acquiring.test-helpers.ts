import { Logger, runOnce } from "graphile-worker";
import { v7 as uuidv7 } from "uuid";
import { deliverAcquirerEvent } from "../../jobs/acquirer-callbacks.ts";
import { createTaskList } from "../../jobs/index.ts";
import {
  ACQUIRER_CALLBACK_PATH,
  ACQUIRER_SIGNATURE_HEADER,
  type AcquirerEvent,
  signAcquirerCallback,
} from "../../providers/acquirer/acquirer-callback.ts";
import { ACQUIRER_CHALLENGE_TIMEOUT_TASK } from "../../providers/acquirer/sandbox-acquirer.ts";
import { exchangeTestApp } from "../quotes/exchange.test-helpers.ts";

export const BROWSER = {
  timezoneOffset: -60,
  colorDepth: 24,
  language: "en-GB",
  screenHeight: 900,
  screenWidth: 1440,
  os: "Linux",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) test",
  javaEnabled: false,
  javascriptEnabled: true,
};
export const ADDRESS = { address: "1 Main St", city: "Berlin", countryCode: "DE", zip: "10115", state: null };
export const CARDS = {
  frictionless: "4242424242424242",
  challenge: "4000000000003220",
  decline: "4000000000000002",
  insufficient: "4000000000009995",
  challengeFails: "4000008400001629",
  late: "4000000000000077",
};

/** The exchange test app (clock, verified customers, faucet) with the card calls over HTTP. */
export async function cardTestApp() {
  const x = await exchangeTestApp();
  const { t } = x;
  const call = (
    token: string,
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: unknown,
    headers = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...x.d.bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const sdk = { "x-sdk-version": "web-1.0" };
  const expiry = { cardExpirationYear: new Date().getUTCFullYear() + 2, cardExpirationMonth: 12 };

  /** Delivers one event signed (or as told) to the callback route. */
  const post = (raw: string, signature = signAcquirerCallback(t.config.secrets.callback, raw)) =>
    t.app.inject({
      method: "POST",
      url: ACQUIRER_CALLBACK_PATH,
      headers: { "content-type": "application/json", [ACQUIRER_SIGNATURE_HEADER]: signature },
      payload: raw,
    });

  /** The sandbox acquirer's queued callbacks (whatever their run_at), oldest first, not delivered. */
  async function takeJobs(): Promise<AcquirerEvent[]> {
    const { rows } = await t.database.pool.query<{ payload: { event: AcquirerEvent } }>(
      `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
       where k.id = j.task_id and k.identifier = 'acquirer_callback' returning j.id, j.payload`,
    );
    return rows.map((r) => r.payload.event).sort((a, b) => a.sequence - b.sequence);
  }

  return {
    ...x,
    call,
    post,
    takeJobs,
    /** Plays the worker: delivers every queued callback until none is left (capture queues more). */
    async runCallbacks(): Promise<string[]> {
      const effects: string[] = [];
      for (let round = 0; round < 10; round++) {
        const events = await takeJobs();
        if (events.length === 0) break;
        for (const event of events) {
          await deliverAcquirerEvent(event, {
            secret: t.config.secrets.callback,
            deliver: async (rawBody, signature) => {
              const res = await post(rawBody, signature);
              effects.push(res.statusCode === 200 ? res.json().effect : String(res.statusCode));
              return { status: res.statusCode };
            },
          });
        }
      }
      return effects;
    },
    /**
     * Moves the sandbox acquirer's clock past its challenges' timeouts: their jobs fall due and
     * the worker (its real task list, through graphile-worker) runs them. Callbacks stay queued.
     */
    async expireChallenges(): Promise<void> {
      await t.database.pool.query(
        `update graphile_worker._private_jobs j set run_at = now() from graphile_worker._private_tasks k
         where k.id = j.task_id and k.identifier = $1`,
        [ACQUIRER_CHALLENGE_TIMEOUT_TASK],
      );
      const task = createTaskList(t.config)[ACQUIRER_CHALLENGE_TIMEOUT_TASK];
      if (!task) throw new Error("the worker does not run the challenge timeout");
      await runOnce({
        pgPool: t.database.pool,
        taskList: { [ACQUIRER_CHALLENGE_TIMEOUT_TASK]: task },
        logger: new Logger(() => () => {}),
      });
    },
    /** The sandbox's 3-D Secure page of a payment: the one-time code it shows, and its form. */
    async challenge(authLink: string) {
      const path = new URL(authLink).pathname;
      const page = await t.app.inject({ url: path });
      return {
        page,
        code: /data-testid="challenge-code">(\d{6})</.exec(page.body)?.[1],
        submit: (form: string) =>
          t.app.inject({
            method: "POST",
            url: path,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            payload: form,
          }),
      };
    },
    addPayinCard: (token: string, cardNumber: string, extra: Record<string, unknown> = {}) =>
      call(token, "POST", "/v3/payin/card", {
        cardNumber,
        cardHolder: "Ada Lovelace",
        ...expiry,
        billingAddress: ADDRESS,
        ...extra,
      }),
    addPayoutCard: (token: string, cardNumber: string, extra: Record<string, unknown> = {}) =>
      call(
        token,
        "POST",
        "/v4/payout/card",
        { cardNumber, cardHolder: "Ada Lovelace", ...expiry, ...extra },
        sdk,
      ),
    payinOffer: (token: string, cardId: string, amount = "50", toCurrency = "USDT") =>
      call(token, "POST", "/v3/payin/offer", {
        cardId,
        fromCurrency: "EUR",
        toCurrency,
        amount,
        operation: "PAYIN",
      }),
    payinPay: (token: string, offerId: string, body: Record<string, unknown> = {}) =>
      call(token, "POST", `/v3/payin/pay/${offerId}`, { cardCVV: "123", fingerprint: BROWSER, ...body }),
    payinStatus: (token: string, offerId: string) =>
      call(token, "GET", `/v3/payin/pay-callback?offerId=${offerId}`),
    payoutOffer: (token: string, cardId: string, amount = "20", fromCurrency = "USDT") =>
      call(token, "POST", "/v4/payout/offer", { cardId, fromCurrency, toCurrency: "EUR", amount }, sdk),
    payoutPay: (token: string, offerId: string) =>
      call(token, "POST", `/v4/payout/pay/${offerId}`, undefined, sdk),
    sdk,
    /** An event as the acquirer would send it, for forged, mismatched and out-of-order tests. */
    event: (
      e: Partial<AcquirerEvent> & Pick<AcquirerEvent, "paymentId" | "reference" | "status">,
    ): AcquirerEvent => ({
      eventId: `evt_${uuidv7()}`,
      sequence: 1,
      amount: "50.00",
      currency: "EUR",
      reason: null,
      occurredAt: new Date().toISOString(),
      ...e,
    }),
  };
}

export type CardTest = Awaited<ReturnType<typeof cardTestApp>>;
