import { createHmac, randomInt } from "node:crypto";
import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import cardValidator from "card-validator";
import { v7 as uuidv7 } from "uuid";
import type { ClientSource } from "../../db/transaction.ts";
import { ACQUIRER_EVENTS, type AcquirerEvent } from "./acquirer-callback.ts";
import type { AcquirerProvider, AuthoriseResult } from "./acquirer-provider.ts";
import {
  ACQUIRER_CHALLENGE_TIMEOUT_TASK,
  createSandboxAcquirerRepository,
  type SandboxPaymentRow,
} from "./sandbox-acquirer.repository.ts";
import { DECLINE_REASONS, type Scenario, scenarioOf } from "./test-cards.ts";

/** The worker job that delivers one signed callback (jobs/acquirer-callbacks.ts). */
export const ACQUIRER_CALLBACK_TASK = "acquirer_callback";
export { ACQUIRER_CHALLENGE_TIMEOUT_TASK };
export const CHALLENGE_PATH = "/sandbox/acquirer/challenge";
/** Wrong codes allowed before the challenge fails for good. */
const CHALLENGE_ATTEMPTS = 3;

export type SandboxAcquirerOptions = {
  db: ClientSource;
  /** Keys the card fingerprint (same card, same token) without keeping the number. */
  secret: string;
  publicBaseUrl: string;
  /** Seconds before the acquirer's ordinary callbacks, the late card's, and the payout rail's. */
  callbackDelaySeconds: number;
  lateCallbackSeconds: number;
  payoutDelaySeconds: number;
  /**
   * How long a 3-D Secure challenge waits for the customer: then the acquirer declines it, as a
   * real one does, and says so by callback (a payment abandoned at the bank's page ends).
   */
  challengeTimeoutSeconds: number;
  /** Whether it checks billing addresses (AVS): cards then need one before they pay. */
  billingAddressRequired: boolean;
};

/**
 * The sandbox acquirer: 3-D Secure authorisation (a challenge page of its own), capture, and
 * payouts to cards, answering by signed callbacks delivered by the worker with retries. The card
 * number stops here: only a keyed fingerprint, the BIN and the last four digits are kept.
 */
export function createSandboxAcquirer(options: SandboxAcquirerOptions) {
  const repository = createSandboxAcquirerRepository(options.db);

  /**
   * Moves a payment to `status` and queues its callback (the next sequence), `delay` seconds on;
   * with `from`, only if it is still in that state (answers whether it moved).
   */
  async function emit(
    payment: SandboxPaymentRow,
    status: AcquirerEvent["status"],
    reason: string | null,
    delaySeconds: number,
    from?: string,
  ): Promise<boolean> {
    return repository.advance(
      payment.id,
      status,
      (sequence) => ({
        eventId: `evt_${uuidv7()}`,
        paymentId: payment.id,
        reference: payment.reference,
        sequence,
        status,
        amount: toDecimalString(payment.amount, payment.currency as CurrencyCode),
        currency: payment.currency,
        reason,
        occurredAt: new Date().toISOString(),
      }),
      delaySeconds,
      from,
    );
  }

  /** Ends an unanswered challenge: declined, unless the customer's answer got there first. */
  const expire = (payment: SandboxPaymentRow) =>
    emit(payment, "DECLINED", DECLINE_REASONS.CHALLENGE_EXPIRED, options.callbackDelaySeconds, "CHALLENGE");

  const delayOf = (scenario: Scenario) =>
    scenario === "LATE_CALLBACK" ? options.lateCallbackSeconds : options.callbackDelaySeconds;

  const acquirer: AcquirerProvider = {
    billingAddressRequired: options.billingAddressRequired,

    async tokenise(card) {
      const number = card.number;
      const info = cardValidator.number(number);
      if (!info.isValid) throw new Error("the acquirer refuses a card number that fails the Luhn check");
      const fingerprint = createHmac("sha256", options.secret).update(`pan:${number}`).digest("hex");
      const token = `tok_${fingerprint.slice(0, 32)}`;
      await repository.saveToken({
        token,
        fingerprint,
        scenario: scenarioOf(number),
        bin: number.slice(0, 6),
        last4: number.slice(-4),
      });
      return {
        token,
        brand: (info.card?.type ?? "unknown").toUpperCase().replace(/-/g, "_"),
        bin: number.slice(0, 6),
        last4: number.slice(-4),
        bankName: "Sandbox Bank AG",
        countryCode: "DE",
        countryName: "Germany",
      };
    },

    async authorise(input): Promise<AuthoriseResult> {
      // The console's switch: the acquirer answers errors, as one that is down does (docs/status.md).
      if (await repository.outageSince()) throw new Error("the sandbox acquirer is switched to failing");
      const card = await repository.findToken(input.token);
      if (!card) throw new Error("unknown card token");
      const scenario = card.scenario as Scenario;
      const id = `pay_${uuidv7()}`;
      const base = {
        id,
        kind: "PAYIN" as const,
        token: input.token,
        reference: input.reference,
        amount: input.amount,
        currency: input.currency,
        returnUrl: input.returnUrl,
        browser: input.browser,
      };
      if (scenario === "DECLINE" || scenario === "INSUFFICIENT_FUNDS") {
        const payment = await repository.insertPayment({ ...base, status: "NEW", otp: null });
        // Declined at once, and the callback says so too (our side ignores it: already final).
        await emit(payment, "DECLINED", DECLINE_REASONS[scenario], options.callbackDelaySeconds);
        return { outcome: "DECLINED", paymentId: id, reason: DECLINE_REASONS[scenario] };
      }
      if (scenario === "CHALLENGE" || scenario === "CHALLENGE_FAILS") {
        const otp = String(randomInt(0, 1_000_000)).padStart(6, "0");
        await repository.insertChallenge(
          { ...base, status: "CHALLENGE", otp },
          options.challengeTimeoutSeconds,
        );
        return {
          outcome: "CHALLENGE",
          paymentId: id,
          authLink: `${options.publicBaseUrl}${CHALLENGE_PATH}/${id}`,
        };
      }
      const payment = await repository.insertPayment({ ...base, status: "NEW", otp: null });
      await emit(payment, "AUTHORISED", null, delayOf(scenario));
      return { outcome: "PROCESSING", paymentId: id };
    },

    async capture({ paymentId }) {
      const payment = await repository.findPayment(paymentId);
      if (payment?.status !== "AUTHORISED") return;
      const card = await repository.findToken(payment.token);
      await emit(payment, "CAPTURED", null, delayOf((card?.scenario ?? "FRICTIONLESS") as Scenario));
    },

    async payout(input) {
      if (await repository.outageSince()) throw new Error("the sandbox acquirer is switched to failing");
      const card = await repository.findToken(input.token);
      if (!card) throw new Error("unknown card token");
      const id = `po_${uuidv7()}`;
      const payment = await repository.insertPayment({
        id,
        kind: "PAYOUT",
        token: input.token,
        reference: input.reference,
        amount: input.amount,
        currency: input.currency,
        status: "PROCESSING",
        otp: null,
        returnUrl: null,
        browser: null,
      });
      if (card.scenario === "DECLINE") {
        await emit(payment, "REJECTED", DECLINE_REASONS.PAYOUT_REJECTED, options.payoutDelaySeconds);
      } else {
        await emit(payment, "PAID", null, options.payoutDelaySeconds);
      }
      return { paymentId: id };
    },

    /**
     * A payment's last event from the acquirer's own records, as its GET answers (sequence
     * included, so an event the callback delivered too is applied once). Null while nothing
     * final or reportable has happened (new, challenge, processing).
     */
    async paymentStatus(paymentId) {
      const payment = await repository.findPayment(paymentId);
      const status = ACQUIRER_EVENTS.find((e) => e === payment?.status);
      if (!payment || !status) return null;
      return {
        eventId: `evt_status_${payment.id}_${payment.sequence}`,
        paymentId: payment.id,
        reference: payment.reference,
        sequence: payment.sequence,
        status,
        amount: toDecimalString(payment.amount, payment.currency as CurrencyCode),
        currency: payment.currency,
        reason: null,
        occurredAt: new Date().toISOString(),
      };
    },
  };

  return {
    ...acquirer,
    /** The challenge page's payment: what it shows (never the code to a non-sandbox caller). */
    findChallenge: (paymentId: string) => repository.findPayment(paymentId),

    /**
     * The customer's code on the challenge page. Right: authorised (callback). Wrong: tries left,
     * then declined. The failing test card fails whatever is typed.
     */
    async answerChallenge(
      paymentId: string,
      code: string,
    ): Promise<"AUTHORISED" | "RETRY" | "DECLINED" | "DONE"> {
      const payment = await repository.findPayment(paymentId);
      if (payment?.status !== "CHALLENGE") return "DONE";
      // Past its time the page no longer takes a code, even before the timeout job has run.
      if (await repository.olderThan(paymentId, options.challengeTimeoutSeconds)) {
        return (await expire(payment)) ? "DECLINED" : "DONE";
      }
      const card = await repository.findToken(payment.token);
      const fails = card?.scenario === "CHALLENGE_FAILS";
      if (!fails && code === payment.otp) {
        const moved = await emit(payment, "AUTHORISED", null, options.callbackDelaySeconds, "CHALLENGE");
        return moved ? "AUTHORISED" : "DONE";
      }
      const attempts = await repository.countAttempt(paymentId);
      if (fails || attempts >= CHALLENGE_ATTEMPTS) {
        const reason = DECLINE_REASONS.CHALLENGE_FAILS;
        const moved = await emit(payment, "DECLINED", reason, options.callbackDelaySeconds, "CHALLENGE");
        return moved ? "DECLINED" : "DONE";
      }
      return "RETRY";
    },

    /** The customer gave up on the challenge page: declined. */
    async cancelChallenge(paymentId: string) {
      const payment = await repository.findPayment(paymentId);
      if (payment?.status !== "CHALLENGE") return;
      const reason = DECLINE_REASONS.CHALLENGE_CANCELLED;
      await emit(payment, "DECLINED", reason, options.callbackDelaySeconds, "CHALLENGE");
    },

    /**
     * The challenge's timeout job (queued with it, run when it is due): a challenge still
     * unanswered is declined with the reason, by callback like every other outcome.
     */
    async expireChallenge(paymentId: string): Promise<"EXPIRED" | "ANSWERED" | "UNKNOWN"> {
      const payment = await repository.findPayment(paymentId);
      if (!payment) return "UNKNOWN";
      if (payment.status !== "CHALLENGE") return "ANSWERED";
      return (await expire(payment)) ? "EXPIRED" : "ANSWERED";
    },

    /** The card's last four digits, for the challenge page. */
    lastDigits: async (token: string) => (await repository.findToken(token))?.last4,

    /** Console: the newest payments with their state. */
    recentPayments: (limit: number) => repository.recent(limit),

    /** Console: make authorisations fail (or stop), to show the status page's DEGRADED state. */
    outageSince: () => repository.outageSince(),
    setOutage: (on: boolean) => repository.setOutage(on),
  };
}

export type SandboxAcquirer = ReturnType<typeof createSandboxAcquirer>;
