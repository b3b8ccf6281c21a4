import { parseAmount, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import {
  type CardEvent,
  type CardEventType,
  cardEventAnswerSchema,
  type DeliverCardEvent,
  ISSUER_CARD_EVENT_TASK,
} from "./card-events.ts";
import { signIssuerCallback } from "./issuer-provider.ts";

/** The currency the sandbox issuer's cards are held in (the card balance's). */
const CARD_CURRENCY = "EUR";
/** A failed delivery is tried again by the worker this long after (then with its backoff). */
const RETRY_AFTER_SECONDS = 10;

export type IssuerTransactionRow = {
  id: string;
  merchantId: string;
  issuerCardId: string;
  shop: string;
  amount: bigint;
  currency: string;
  state: string;
  declineReason: string | null;
  createdAt: Date;
  /** The card's last four digits and order (joined from the issuer's cards, for the console). */
  last4: string | null;
  orderRef: string;
};

const COLUMNS = `t.id, t.merchant_id as "merchantId", t.issuer_card_id as "issuerCardId", t.shop,
  t.amount::text as amount, t.currency, t.state, t.decline_reason as "declineReason", t.created_at as "createdAt",
  c.last4, c.order_ref as "orderRef"`;
type Raw = Omit<IssuerTransactionRow, "amount"> & { amount: string };
const toRow = (r: Raw): IssuerTransactionRow => ({ ...r, amount: BigInt(r.amount) });

/** Which event each action sends, and the state it needs and leaves. */
const ACTIONS = {
  settle: { type: "SETTLEMENT", from: "APPROVED", to: "SETTLED" },
  reverse: { type: "REVERSAL", from: "APPROVED", to: "REVERSED" },
  refund: { type: "REFUND", from: "SETTLED", to: "REFUNDED" },
} as const satisfies Record<string, { type: CardEventType; from: string; to: string }>;
export type SpendingAction = keyof typeof ACTIONS;

const notFound = (field: string, message: string) => commonErrors.create("NOT_FOUND", { field, message });

/**
 * The sandbox issuer's card transactions (docs/card-funding.md "Spending"). A purchase at a shop
 * is authorised by the program manager: the issuer sends the AUTHORISATION event and records the
 * answer (APPROVED or DECLINED with the reason). An approved one is then settled or reversed, a
 * settled one refunded; each sends its event. Every event is written with a retry job in the
 * transaction that changes the issuer's books and is delivered at once; a delivery that fails is
 * sent again by the worker (the server answers a repeat once), so nothing is lost to a crash.
 */
export function createSandboxSpending(deps: { db: ClientSource; callbackSecret: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function lock(tx: Tx, id: string): Promise<IssuerTransactionRow | undefined> {
    const { rows } = await tx.query<Raw>(
      `select ${COLUMNS} from sandbox_issuer_transactions t join sandbox_issuer_cards c on c.id = t.issuer_card_id
       where t.id = $1 for update of t`,
      [id],
    );
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  const jobKey = (id: string, type: CardEventType) => `issuer-card-event:${id}:${type}`;

  async function scheduleRetry(tx: Tx, id: string, type: CardEventType, at: Date) {
    await tx.query(
      `select graphile_worker.add_job($1, json_build_object('transactionId', $2::text, 'type', $3::text),
         run_at := $4, job_key := $5, max_attempts := 25)`,
      [
        ISSUER_CARD_EVENT_TASK,
        id,
        type,
        new Date(at.getTime() + RETRY_AFTER_SECONDS * 1000),
        jobKey(id, type),
      ],
    );
  }

  function eventOf(row: IssuerTransactionRow, type: CardEventType, at: Date): CardEvent {
    return {
      eventId: `${row.id}:${type}`,
      type,
      merchantId: row.merchantId,
      issuerCardId: row.issuerCardId,
      transactionId: row.id,
      amount: toDecimalString(row.amount, CARD_CURRENCY),
      currency: row.currency,
      shop: row.shop,
      at: at.toISOString(),
    };
  }

  /**
   * Sends one event and, for an authorisation still waiting, records the answer. True when the
   * server answered (a 4xx too: repeating will not change it); false to try again later.
   */
  async function deliverEvent(id: string, type: CardEventType, deliver: DeliverCardEvent): Promise<boolean> {
    const row = await deps.db.withClient(async (c) => {
      const { rows } = await c.query<Raw>(
        `select ${COLUMNS} from sandbox_issuer_transactions t join sandbox_issuer_cards c on c.id = t.issuer_card_id
         where t.id = $1`,
        [id],
      );
      return rows[0] ? toRow(rows[0]) : undefined;
    });
    if (!row) return true;
    const rawBody = JSON.stringify(eventOf(row, type, now()));
    let answer: { status: number; body: unknown };
    try {
      answer = await deliver(rawBody, signIssuerCallback(deps.callbackSecret, rawBody));
    } catch {
      return false;
    }
    if (answer.status >= 500) return false;
    await inTransaction(deps.db, async (tx) => {
      if (type === "AUTHORISATION") {
        const parsed = cardEventAnswerSchema.safeParse(answer.body);
        // No usable answer (a refusal of the event itself): the issuer declines by itself.
        const approved = answer.status < 300 && parsed.success && parsed.data.decision === "APPROVED";
        const reason = approved ? null : parsed.success ? parsed.data.reason : "NOT_AUTHORISED";
        await tx.query(
          `update sandbox_issuer_transactions set state = $2, decline_reason = $3, updated_at = $4
           where id = $1 and state = 'AUTHORISING'`,
          [id, approved ? "APPROVED" : "DECLINED", reason, now()],
        );
      }
      await tx.query("select graphile_worker.remove_job($1)", [jobKey(id, type)]);
    });
    return true;
  }

  async function find(id: string) {
    return deps.db.withClient(async (c) => {
      const { rows } = await c.query<Raw>(
        `select ${COLUMNS} from sandbox_issuer_transactions t join sandbox_issuer_cards c on c.id = t.issuer_card_id
         where t.id = $1`,
        [id],
      );
      return rows[0] ? toRow(rows[0]) : undefined;
    });
  }

  return {
    /**
     * A purchase of `amount` (EUR) at `shop` with the card of order `cardRequestId`: asks for the
     * authorisation and answers the transaction as the issuer then holds it.
     */
    async purchase(
      input: { cardRequestId: string; shop: string; amount: string },
      deliver: DeliverCardEvent,
    ): Promise<IssuerTransactionRow> {
      const parsed = parseAmount(input.amount, CARD_CURRENCY, { allowZero: false });
      if (!parsed.ok) {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: "amount",
          message: "amount: must be a positive amount in EUR (at most 2 decimals)",
        });
      }
      const at = now();
      const id = `it_${uuidv7().replaceAll("-", "")}`;
      await inTransaction(deps.db, async (tx) => {
        const { rows } = await tx.query<{ id: string; merchantId: string }>(
          `select id, merchant_id as "merchantId" from sandbox_issuer_cards
           where order_ref = $1 and last4 is not null and state <> 'CANCELLED'`,
          [input.cardRequestId],
        );
        const card = rows[0];
        if (!card) throw notFound("cardRequestId", "The issuer has no card for this order.");
        await tx.query(
          `insert into sandbox_issuer_transactions (id, merchant_id, issuer_card_id, shop, amount, currency, state,
             created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, 'AUTHORISING', $7, $7)`,
          [id, card.merchantId, card.id, input.shop, parsed.minor.toString(), CARD_CURRENCY, at],
        );
        await scheduleRetry(tx, id, "AUTHORISATION", at);
      });
      await deliverEvent(id, "AUTHORISATION", deliver);
      const row = await find(id);
      if (!row) throw new Error(`issuer transaction ${id} vanished`);
      return row;
    },

    /** Settles or reverses an approved authorisation, or refunds a settled purchase (in full). */
    async act(id: string, action: SpendingAction, deliver: DeliverCardEvent): Promise<IssuerTransactionRow> {
      const step = ACTIONS[action];
      const at = now();
      await inTransaction(deps.db, async (tx) => {
        const row = await lock(tx, id);
        if (!row) throw notFound("transactionId", "The issuer has no such transaction.");
        if (row.state !== step.from) {
          throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
            field: "action",
            message: `A ${row.state.toLowerCase()} transaction cannot be ${step.to.toLowerCase()}.`,
          });
        }
        await tx.query(`update sandbox_issuer_transactions set state = $2, updated_at = $3 where id = $1`, [
          id,
          step.to,
          at,
        ]);
        await scheduleRetry(tx, id, step.type, at);
      });
      await deliverEvent(id, step.type, deliver);
      const row = await find(id);
      if (!row) throw new Error(`issuer transaction ${id} vanished`);
      return row;
    },

    /** The worker's retry: false (throw there) while the server does not answer. */
    redeliver: deliverEvent,

    find,

    /** The sandbox console's list: the newest transactions first. */
    async recent(limit = 30): Promise<IssuerTransactionRow[]> {
      return deps.db.withClient(async (c) => {
        const { rows } = await c.query<Raw>(
          `select ${COLUMNS} from sandbox_issuer_transactions t join sandbox_issuer_cards c on c.id = t.issuer_card_id
           order by t.created_at desc limit $1`,
          [limit],
        );
        return rows.map(toRow);
      });
    },

    /** Cards a purchase can be made with (issued, not cancelled), newest first, for the console's form. */
    async cards(limit = 100) {
      return deps.db.withClient(async (c) => {
        const { rows } = await c.query<{
          orderRef: string;
          last4: string;
          program: string;
          cardType: string;
        }>(
          `select order_ref as "orderRef", last4, program, card_type as "cardType" from sandbox_issuer_cards
           where last4 is not null and state <> 'CANCELLED' order by created_at desc limit $1`,
          [limit],
        );
        return rows;
      });
    },
  };
}
