import { createHash, timingSafeEqual } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import type { CardSecrets } from "./card-secrets.ts";
import {
  type ActivationResult,
  type CardOrder,
  type DeliverIssuerCallback,
  ISSUER_STEP_TASK,
  type IssuerEvent,
  type IssuerProvider,
  signIssuerCallback,
} from "./issuer-provider.ts";
import { cardNumberFrom, randomDigits } from "./luhn.ts";

/** Test BINs per program (Visa test ranges): numbers pass Luhn but reach no real network. */
const TEST_BINS: Record<string, string> = { CP_1: "400000", CP_2: "431940" };
/** Tries before a card's activation is locked (the customer then calls support). */
const MAX_ACTIVATION_TRIES = 5;
const VALID_YEARS = 4;

export type IssuerRow = {
  id: string;
  merchantId: string;
  orderRef: string;
  program: string;
  cardType: "PLASTIC" | "VIRTUAL";
  phone: string;
  shippingCity: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
  state: string;
  activationCodeHash: string | null;
  failedActivations: number;
  nextStepAt: Date | null;
};

const COLUMNS = `id, merchant_id as "merchantId", order_ref as "orderRef", program, card_type as "cardType",
  phone, shipping_city as "shippingCity", last4, expiry_month as "expiryMonth", expiry_year as "expiryYear",
  state, activation_code_hash as "activationCodeHash", failed_activations as "failedActivations",
  next_step_at as "nextStepAt"`;

const codeHash = (id: string, code: string) => createHash("sha256").update(`${id}:${code}`).digest("hex");

/**
 * The sandbox card issuer (docs/cards.md "The issuer"). It behaves like the real party: a paid
 * order is issued `issueSeconds` later (a Luhn-valid number from a test BIN, expiry, CVV, kept
 * encrypted); a plastic card then travels ORDER_PENDING → ORDERED → IN_DELIVERY, one step per
 * `shippingStepSeconds`, and its activation code is "mailed" with it (the sandbox SMS outbox);
 * a virtual card's code is sent when it is issued. Shipping city "Lost" sends the parcel to
 * SUPPORT instead. Every change is reported by a signed callback; a callback that fails is sent
 * again by the worker's retry (the event id makes a repeat harmless).
 */
export function createSandboxIssuer(deps: {
  db: ClientSource;
  secrets: CardSecrets;
  callbackSecret: string;
  issueSeconds: number;
  shippingStepSeconds: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function schedule(tx: Tx, orderRef: string, at: Date) {
    await tx.query(
      `select graphile_worker.add_job($1, json_build_object('orderRef', $2::text), run_at := $3, job_key := $4)`,
      [ISSUER_STEP_TASK, orderRef, at, `issuer:${orderRef}`],
    );
  }

  async function lockOrder(tx: Tx, orderRef: string): Promise<IssuerRow | undefined> {
    const { rows } = await tx.query<IssuerRow>(
      `select ${COLUMNS} from sandbox_issuer_cards where order_ref = $1 for update`,
      [orderRef],
    );
    return rows[0];
  }

  // The sandbox outbox: what a real issuer would print in the envelope or text to the holder.
  async function sendCode(tx: Tx, row: IssuerRow, last4: string, code: string) {
    const body =
      row.cardType === "VIRTUAL"
        ? `Your virtual card ending ${last4} is ready. Activation code: ${code}`
        : `Your card ending ${last4} is on its way. The activation code in the envelope: ${code}`;
    await tx.query(`insert into sms_outbox (id, merchant_id, phone, body) values ($1, $2, $3, $4)`, [
      uuidv7(),
      row.merchantId,
      row.phone,
      body,
    ]);
  }

  /** Issues the card: number and CVV encrypted, the code hashed (its clear text only mailed). */
  async function issue(tx: Tx, row: IssuerRow, at: Date) {
    const bin = TEST_BINS[row.program] ?? "400000";
    const pan = cardNumberFrom(bin);
    const cvv = randomDigits(3);
    const code = randomDigits(6);
    const panSecret = deps.secrets.encrypt(pan);
    const cvvSecret = deps.secrets.encrypt(cvv);
    const last4 = pan.slice(-4);
    const expiryMonth = at.getUTCMonth() + 1;
    const expiryYear = at.getUTCFullYear() + VALID_YEARS;
    const plastic = row.cardType === "PLASTIC";
    const next = plastic ? new Date(at.getTime() + deps.shippingStepSeconds * 1000) : null;
    await tx.query(
      `update sandbox_issuer_cards set pan_ciphertext = $2, cvv_ciphertext = $3, key_id = $4, last4 = $5,
         expiry_month = $6, expiry_year = $7, state = $8, activation_code_hash = $9, next_step_at = $10, updated_at = $11
       where id = $1`,
      [
        row.id,
        panSecret.ciphertext,
        cvvSecret.ciphertext,
        panSecret.keyId,
        last4,
        expiryMonth,
        expiryYear,
        plastic ? "ORDER_PENDING" : "ISSUED",
        codeHash(row.id, code),
        next,
        at,
      ],
    );
    if (next) await schedule(tx, row.orderRef, next);
    else await sendCode(tx, row, last4, code);
    // The code of a plastic card goes out with the parcel; keep it (encrypted) until then.
    if (plastic) {
      await tx.query(`update sandbox_issuer_cards set shipping_code = $2 where id = $1`, [
        row.id,
        deps.secrets.encrypt(code).ciphertext,
      ]);
    }
  }

  /** One step of a plastic card's trip; IN_DELIVERY mails the code, a lost parcel goes to SUPPORT. */
  async function ship(tx: Tx, row: IssuerRow, at: Date) {
    const lost = row.shippingCity?.trim().toLowerCase() === "lost";
    const nextState = row.state === "ORDER_PENDING" ? "ORDERED" : lost ? "SUPPORT" : "IN_DELIVERY";
    const next = nextState === "ORDERED" ? new Date(at.getTime() + deps.shippingStepSeconds * 1000) : null;
    await tx.query(
      `update sandbox_issuer_cards set state = $2, next_step_at = $3, updated_at = $4 where id = $1`,
      [row.id, nextState, next, at],
    );
    if (next) await schedule(tx, row.orderRef, next);
    if (nextState === "IN_DELIVERY") {
      const { rows } = await tx.query<{ code: string }>(
        `select shipping_code as code from sandbox_issuer_cards where id = $1`,
        [row.id],
      );
      const sealed = rows[0]?.code;
      if (sealed) await sendCode(tx, row, row.last4 ?? "0000", deps.secrets.decrypt(sealed));
      await tx.query(`update sandbox_issuer_cards set shipping_code = null where id = $1`, [row.id]);
    }
  }

  function eventOf(row: IssuerRow, at: Date): IssuerEvent | undefined {
    if (row.last4 === null || row.expiryMonth === null || row.expiryYear === null) return undefined;
    if (row.state === "CANCELLED" || row.state === "ORDER_RECEIVED") return undefined;
    const deliveryState = row.cardType === "PLASTIC" ? (row.state as IssuerEvent["deliveryState"]) : null;
    return {
      eventId: `${row.id}:${row.state}`,
      orderRef: row.orderRef,
      merchantId: row.merchantId,
      issuerCardId: row.id,
      last4: row.last4,
      expiryMonth: row.expiryMonth,
      expiryYear: row.expiryYear,
      deliveryState,
      at: at.toISOString(),
    };
  }

  const provider: IssuerProvider = {
    /** An order's card as the issuer's own records say now, as its GET answers (null: not issued). */
    async orderStatus(orderRef: string) {
      const row = await deps.db.withClient(async (c) => {
        const { rows } = await c.query<IssuerRow>(
          `select ${COLUMNS} from sandbox_issuer_cards where order_ref = $1`,
          [orderRef],
        );
        return rows[0];
      });
      return (row && eventOf(row, now())) ?? null;
    },

    async orderCard(tx, order: CardOrder) {
      const at = now();
      const runAt = new Date(at.getTime() + deps.issueSeconds * 1000);
      const { rowCount } = await tx.query(
        `insert into sandbox_issuer_cards (id, merchant_id, order_ref, program, card_type, phone, shipping_city,
           price_amount, price_currency, state, next_step_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $10, $11, 'ORDER_RECEIVED', $8, $9, $9)
         on conflict (order_ref) do nothing`,
        [
          `ic_${uuidv7().replaceAll("-", "")}`,
          order.merchantId,
          order.orderRef,
          order.program,
          order.cardType,
          order.phone,
          order.shippingCity,
          runAt,
          at,
          order.price.amount.toString(),
          order.price.currency,
        ],
      );
      if (rowCount) await schedule(tx, order.orderRef, runAt);
    },

    async cancelOrder(tx, orderRef) {
      const row = await lockOrder(tx, orderRef);
      if (!row || row.state === "CANCELLED") return true;
      if (row.state !== "ORDER_RECEIVED") return false;
      await tx.query(
        `update sandbox_issuer_cards set state = 'CANCELLED', next_step_at = null where id = $1`,
        [row.id],
      );
      await tx.query(`select graphile_worker.remove_job($1)`, [`issuer:${orderRef}`]);
      return true;
    },

    async activate(issuerCardId, code): Promise<ActivationResult> {
      return inTransaction(deps.db, async (tx) => {
        const { rows } = await tx.query<IssuerRow>(
          `select ${COLUMNS} from sandbox_issuer_cards where id = $1 for update`,
          [issuerCardId],
        );
        const row = rows[0];
        if (!row || row.activationCodeHash === null) return "NOT_READY";
        if (row.state === "ACTIVATED") return "ACTIVATED";
        if (row.state !== (row.cardType === "VIRTUAL" ? "ISSUED" : "IN_DELIVERY")) return "NOT_READY";
        if (row.failedActivations >= MAX_ACTIVATION_TRIES) return "LOCKED";
        const given = Buffer.from(codeHash(row.id, code));
        const expected = Buffer.from(row.activationCodeHash);
        if (!timingSafeEqual(given, expected)) {
          await tx.query(
            `update sandbox_issuer_cards set failed_activations = failed_activations + 1 where id = $1`,
            [row.id],
          );
          return row.failedActivations + 1 >= MAX_ACTIVATION_TRIES ? "LOCKED" : "BAD_CODE";
        }
        await tx.query(
          `update sandbox_issuer_cards set state = 'ACTIVATED', next_step_at = null, updated_at = $2 where id = $1`,
          [row.id, now()],
        );
        return "ACTIVATED";
      });
    },
  };

  return {
    ...provider,

    /**
     * The issuer's clock for one order: takes the step that is due (or the next one at once when
     * `force`: the sandbox console's "advance"), then reports the card's current state.
     */
    async step(orderRef: string, deliver: DeliverIssuerCallback, force = false): Promise<string | undefined> {
      const at = now();
      const row = await inTransaction(deps.db, async (tx) => {
        const current = await lockOrder(tx, orderRef);
        if (!current) return undefined;
        const due = force || (current.nextStepAt !== null && current.nextStepAt <= at);
        if (due && current.state === "ORDER_RECEIVED") await issue(tx, current, at);
        else if (due && (current.state === "ORDER_PENDING" || current.state === "ORDERED")) {
          await ship(tx, current, at);
        }
        return lockOrder(tx, orderRef);
      });
      if (!row) return undefined;
      const event = eventOf(row, at);
      if (event) {
        const rawBody = JSON.stringify(event);
        const { status } = await deliver(rawBody, signIssuerCallback(deps.callbackSecret, rawBody));
        if (status >= 500) throw new Error(`issuer callback answered ${status}; will retry`);
      }
      return row.state;
    },

    /** The sandbox console's list: the newest orders first. */
    async recentOrders(limit = 30) {
      return deps.db.withClient(async (c) => {
        const { rows } = await c.query<IssuerRow>(
          `select ${COLUMNS} from sandbox_issuer_cards order by created_at desc limit $1`,
          [limit],
        );
        return rows;
      });
    },

    /** The sandbox console's view of an order. */
    async findOrder(orderRef: string) {
      return deps.db.withClient(async (c) => {
        const { rows } = await c.query<IssuerRow>(
          `select ${COLUMNS} from sandbox_issuer_cards where order_ref = $1`,
          [orderRef],
        );
        return rows[0];
      });
    },
  };
}
