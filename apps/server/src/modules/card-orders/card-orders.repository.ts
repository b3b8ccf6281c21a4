import type pg from "pg";
import type { Db } from "../../db/database.ts";
import type {
  CardDeliveryState,
  CardForm,
  CardOrderStep,
  CardPlan,
  CardRequestStatus,
  CardStatus,
} from "../../db/schema/index.ts";
import { cardPrices, cardPromoCodes } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";

export type Address = Record<string, string>;

export type RequestRow = {
  merchantId: string;
  id: string;
  customerId: string;
  program: string;
  cardType: CardForm;
  colour: string;
  status: CardRequestStatus;
  step: CardOrderStep;
  billingAddress: Address | null;
  shippingAddress: Address | null;
  shippingMatchBilling: boolean;
  cardholderFirstName: string | null;
  cardholderLastName: string | null;
  promoCode: string | null;
  paymentOfferId: string | null;
  paymentOperationId: string | null;
  paidCurrency: string | null;
  paidAmount: bigint | null;
  refundOperationId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type CardRow = {
  merchantId: string;
  id: string;
  customerId: string;
  requestId: string;
  program: string;
  cardType: CardForm;
  colour: string;
  issuerCardId: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  cardholderName: string;
  status: CardStatus;
  deliveryState: CardDeliveryState | null;
  activatedAt: Date | null;
  label: string | null;
  pinSetAt: Date | null;
  createdAt: Date;
};

export type PriceRow = {
  program: string;
  cardType: CardForm;
  currency: string;
  price: bigint;
  delivery: bigint;
  plan: CardPlan;
  fees: unknown;
};

export type CustomerInfoRow = { personalInfo: Record<string, unknown> };

export type RsaKeyRow = { id: string; publicKey: string; privateKeyCiphertext: string; dataKeyId: string };

const REQUEST_COLUMNS = `merchant_id as "merchantId", id, customer_id as "customerId", program, card_type as "cardType",
  colour, status, step, billing_address as "billingAddress", shipping_address as "shippingAddress",
  shipping_match_billing as "shippingMatchBilling", cardholder_first_name as "cardholderFirstName",
  cardholder_last_name as "cardholderLastName", promo_code as "promoCode", payment_offer_id as "paymentOfferId",
  payment_operation_id as "paymentOperationId", paid_currency as "paidCurrency", paid_amount as "paidAmount",
  refund_operation_id as "refundOperationId", created_at as "createdAt", updated_at as "updatedAt"`;

const CARD_COLUMNS = `merchant_id as "merchantId", id, customer_id as "customerId", request_id as "requestId", program,
  card_type as "cardType", colour, issuer_card_id as "issuerCardId", last4, expiry_month as "expiryMonth",
  expiry_year as "expiryYear", cardholder_name as "cardholderName", status, delivery_state as "deliveryState",
  activated_at as "activatedAt", label, pin_set_at as "pinSetAt", created_at as "createdAt"`;

type Raw<T, K extends keyof T> = Omit<T, K> & Record<K, string | null>;
const toRequest = (r: Raw<RequestRow, "paidAmount">): RequestRow => ({
  ...r,
  paidAmount: r.paidAmount === null ? null : BigInt(r.paidAmount),
});
const toPrice = (r: Raw<PriceRow, "price" | "delivery">): PriceRow => ({
  ...r,
  price: BigInt(r.price ?? "0"),
  delivery: BigInt(r.delivery ?? "0"),
});

/** Which of the request's fields a step writes (only while the request is OPEN). */
export type RequestPatch = Partial<
  Pick<
    RequestRow,
    | "step"
    | "billingAddress"
    | "shippingAddress"
    | "shippingMatchBilling"
    | "cardholderFirstName"
    | "cardholderLastName"
    | "promoCode"
    | "paymentOfferId"
  >
>;
const PATCH_COLUMNS: Record<keyof RequestPatch, string> = {
  step: "step",
  billingAddress: "billing_address",
  shippingAddress: "shipping_address",
  shippingMatchBilling: "shipping_match_billing",
  cardholderFirstName: "cardholder_first_name",
  cardholderLastName: "cardholder_last_name",
  promoCode: "promo_code",
  paymentOfferId: "payment_offer_id",
};

/** The cards module's SQL: every query scoped by merchant, and by customer where a customer asks. */
export function createCardsRepository(db: ClientSource) {
  const query = <R extends pg.QueryResultRow>(text: string, params: unknown[]) =>
    db.withClient((c) => c.query<R>(text, params));

  return {
    async insertRequest(
      row: Omit<
        RequestRow,
        | "paymentOfferId"
        | "paymentOperationId"
        | "paidCurrency"
        | "paidAmount"
        | "refundOperationId"
        | "updatedAt"
        | "billingAddress"
        | "shippingAddress"
        | "cardholderFirstName"
        | "cardholderLastName"
        | "promoCode"
        | "shippingMatchBilling"
      >,
    ) {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `insert into card_requests (merchant_id, id, customer_id, program, card_type, colour, status, step, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning ${REQUEST_COLUMNS}`,
        [
          row.merchantId,
          row.id,
          row.customerId,
          row.program,
          row.cardType,
          row.colour,
          row.status,
          row.step,
          row.createdAt,
        ],
      );
      return toRequest(rows[0] as Raw<RequestRow, "paidAmount">);
    },

    async findRequest(merchantId: string, customerId: string, id: string): Promise<RequestRow | undefined> {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `select ${REQUEST_COLUMNS} from card_requests where merchant_id = $1 and customer_id = $2 and id = $3`,
        [merchantId, customerId, id],
      );
      return rows[0] ? toRequest(rows[0]) : undefined;
    },

    /** The customer's orders of a program not cancelled and without a card yet. */
    async listPendingRequests(
      merchantId: string,
      customerId: string,
      program: string,
    ): Promise<RequestRow[]> {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `select ${REQUEST_COLUMNS} from card_requests
         where merchant_id = $1 and customer_id = $2 and program = $3 and status in ('OPEN', 'PAID')
         order by created_at desc`,
        [merchantId, customerId, program],
      );
      return rows.map(toRequest);
    },

    async updateOpenRequest(
      merchantId: string,
      customerId: string,
      id: string,
      patch: RequestPatch,
      at: Date,
    ) {
      const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [
        keyof RequestPatch,
        unknown,
      ][];
      const sets = entries.map(([k], i) => `${PATCH_COLUMNS[k]} = $${i + 5}`);
      const values = entries.map(([k, v]) =>
        k === "billingAddress" || k === "shippingAddress" ? JSON.stringify(v) : v,
      );
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `update card_requests set ${[...sets, "updated_at = $4"].join(", ")}
         where merchant_id = $1 and customer_id = $2 and id = $3 and status = 'OPEN' returning ${REQUEST_COLUMNS}`,
        [merchantId, customerId, id, at, ...values],
      );
      return rows[0] ? toRequest(rows[0]) : undefined;
    },

    async findRequestByOffer(merchantId: string, customerId: string, offerId: string) {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `select ${REQUEST_COLUMNS} from card_requests where merchant_id = $1 and customer_id = $2 and payment_offer_id = $3`,
        [merchantId, customerId, offerId],
      );
      return rows[0] ? toRequest(rows[0]) : undefined;
    },

    /** The merchant's orders paid and not issued whose payment was before `before`, oldest first. */
    async paidNotIssuedBefore(merchantId: string, before: Date, limit: number): Promise<RequestRow[]> {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `select ${REQUEST_COLUMNS} from card_requests
         where merchant_id = $1 and status = 'PAID' and updated_at < $2 order by updated_at, id limit $3`,
        [merchantId, before, limit],
      );
      return rows.map(toRequest);
    },

    async findRequestById(merchantId: string, id: string): Promise<RequestRow | undefined> {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `select ${REQUEST_COLUMNS} from card_requests where merchant_id = $1 and id = $2`,
        [merchantId, id],
      );
      return rows[0] ? toRequest(rows[0]) : undefined;
    },

    /** Every card of a customer, any program, newest first (the back-office). */
    async listAllCards(merchantId: string, customerId: string): Promise<CardRow[]> {
      const { rows } = await query<CardRow>(
        `select ${CARD_COLUMNS} from cards where merchant_id = $1 and customer_id = $2 order by created_at desc`,
        [merchantId, customerId],
      );
      return rows;
    },
    /** The customers of this merchant holding a card ending in `last4` (the back-office's search). */
    async customerIdsByLast4(merchantId: string, last4: string): Promise<string[]> {
      const { rows } = await query<{ customerId: string }>(
        `select distinct customer_id as "customerId" from cards where merchant_id = $1 and last4 = $2 limit 50`,
        [merchantId, last4],
      );
      return rows.map((r) => r.customerId);
    },
    async listCards(merchantId: string, customerId: string, program: string): Promise<CardRow[]> {
      const { rows } = await query<CardRow>(
        `select ${CARD_COLUMNS} from cards where merchant_id = $1 and customer_id = $2 and program = $3
         order by created_at desc`,
        [merchantId, customerId, program],
      );
      return rows;
    },

    async findCard(merchantId: string, customerId: string, id: string): Promise<CardRow | undefined> {
      const { rows } = await query<CardRow>(
        `select ${CARD_COLUMNS} from cards where merchant_id = $1 and customer_id = $2 and id = $3`,
        [merchantId, customerId, id],
      );
      return rows[0];
    },

    /** A card by the issuer's id (its callbacks name it so), within the merchant. */
    async findCardByIssuerId(merchantId: string, issuerCardId: string): Promise<CardRow | undefined> {
      const { rows } = await query<CardRow>(
        `select ${CARD_COLUMNS} from cards where merchant_id = $1 and issuer_card_id = $2`,
        [merchantId, issuerCardId],
      );
      return rows[0];
    },

    /** The customer's cards of a program and form waiting for activation, newest first. */
    async awaitingActivation(merchantId: string, customerId: string, program: string, cardType: CardForm) {
      const { rows } = await query<CardRow>(
        `select ${CARD_COLUMNS} from cards where merchant_id = $1 and customer_id = $2 and program = $3
           and card_type = $4 and status = 'ACTIVATION' order by created_at desc`,
        [merchantId, customerId, program, cardType],
      );
      return rows;
    },

    async markActive(merchantId: string, cardId: string, at: Date): Promise<CardRow | undefined> {
      const { rows } = await query<CardRow>(
        `update cards set status = 'ACTIVE', activated_at = $3, updated_at = $3,
           delivery_state = case when card_type = 'PLASTIC' then 'ACTIVATED' else null end
         where merchant_id = $1 and id = $2 and status in ('ACTIVATION', 'ACTIVE') returning ${CARD_COLUMNS}`,
        [merchantId, cardId, at],
      );
      return rows[0];
    },

    async customerInfo(merchantId: string, customerId: string): Promise<CustomerInfoRow | undefined> {
      const { rows } = await query<CustomerInfoRow>(
        `select personal_info as "personalInfo"
         from card_customer_info where merchant_id = $1 and customer_id = $2`,
        [merchantId, customerId],
      );
      return rows[0];
    },

    async savePersonalInfo(merchantId: string, customerId: string, info: Record<string, unknown>, at: Date) {
      await query(
        `insert into card_customer_info (merchant_id, customer_id, personal_info, updated_at)
         values ($1, $2, $3, $4) on conflict (merchant_id, customer_id)
         do update set personal_info = excluded.personal_info, updated_at = excluded.updated_at`,
        [merchantId, customerId, JSON.stringify(info), at],
      );
    },

    async listPrices(merchantId: string, program: string): Promise<PriceRow[]> {
      const { rows } = await query<Raw<PriceRow, "price" | "delivery">>(
        `select program, card_type as "cardType", currency, price, delivery, plan, fees from card_prices
         where merchant_id = $1 and program = $2 order by card_type`,
        [merchantId, program],
      );
      return rows.map(toPrice);
    },

    async promoDiscountBps(merchantId: string, code: string): Promise<number | undefined> {
      const { rows } = await query<{ discountBps: number }>(
        `select discount_bps as "discountBps" from card_promo_codes where merchant_id = $1 and code = $2 and active`,
        [merchantId, code],
      );
      return rows[0]?.discountBps;
    },

    async activeRsaKey(): Promise<RsaKeyRow | undefined> {
      const { rows } = await query<RsaKeyRow>(
        `select id, public_key as "publicKey", private_key_ciphertext as "privateKeyCiphertext", data_key_id as "dataKeyId"
         from card_rsa_keys where active order by created_at desc, id desc limit 1`,
        [],
      );
      return rows[0];
    },

    async findRsaKey(id: string): Promise<RsaKeyRow | undefined> {
      const { rows } = await query<RsaKeyRow>(
        `select id, public_key as "publicKey", private_key_ciphertext as "privateKeyCiphertext", data_key_id as "dataKeyId"
         from card_rsa_keys where id = $1 and active`,
        [id],
      );
      return rows[0];
    },

    /**
     * Inserts the first key pair unless one is active already (two instances starting together
     * both try; an advisory lock lets one win and the other read its pair).
     */
    async insertRsaKeyIfNone(row: RsaKeyRow): Promise<void> {
      await db.withClient(async (c) => {
        await c.query("begin");
        try {
          await c.query(`select pg_advisory_xact_lock(hashtext('card_rsa_keys'))`);
          await c.query(
            `insert into card_rsa_keys (id, public_key, private_key_ciphertext, data_key_id)
             select $1, $2, $3, $4 where not exists (select 1 from card_rsa_keys where active)`,
            [row.id, row.publicKey, row.privateKeyCiphertext, row.dataKeyId],
          );
          await c.query("commit");
        } catch (err) {
          await c.query("rollback");
          throw err;
        }
      });
    },
  };
}

export type CardsRepository = ReturnType<typeof createCardsRepository>;

// Statements of a use-case's transaction (the caller's `tx`).

export async function lockRequestSql(
  tx: Tx,
  merchantId: string,
  id: string,
): Promise<RequestRow | undefined> {
  const { rows } = await tx.query<Raw<RequestRow, "paidAmount">>(
    `select ${REQUEST_COLUMNS} from card_requests where merchant_id = $1 and id = $2 for update`,
    [merchantId, id],
  );
  return rows[0] ? toRequest(rows[0]) : undefined;
}

/**
 * The customer's card as committed now, locked until the caller's transaction ends: a use-case
 * judges the card's status on this row. `for share`: a status change (a soft block, the issuer's
 * block) waits for the transaction, one committed before is what this reads, and the card's
 * purchases and top-ups do not queue behind each other for it.
 */
export async function lockCardSql(
  tx: Tx,
  merchantId: string,
  customerId: string,
  id: string,
): Promise<CardRow | undefined> {
  const { rows } = await tx.query<CardRow>(
    `select ${CARD_COLUMNS} from cards where merchant_id = $1 and customer_id = $2 and id = $3 for share`,
    [merchantId, customerId, id],
  );
  return rows[0];
}

export async function markPaidSql(
  tx: Tx,
  r: {
    merchantId: string;
    id: string;
    offerId: string;
    operationId: string;
    currency: string;
    amount: bigint;
    at: Date;
  },
) {
  await tx.query(
    `update card_requests set status = 'PAID', payment_offer_id = $3, payment_operation_id = $4, paid_currency = $5,
       paid_amount = $6, updated_at = $7 where merchant_id = $1 and id = $2 and status = 'OPEN'`,
    [r.merchantId, r.id, r.offerId, r.operationId, r.currency, r.amount.toString(), r.at],
  );
}

export async function markCancelledSql(
  tx: Tx,
  merchantId: string,
  id: string,
  refundOperationId: string | null,
  at: Date,
) {
  await tx.query(
    `update card_requests set status = 'CANCELLED', refund_operation_id = $3, updated_at = $4
     where merchant_id = $1 and id = $2 and status in ('OPEN', 'PAID')`,
    [merchantId, id, refundOperationId, at],
  );
}

export async function insertIssuedCardSql(
  tx: Tx,
  card: Omit<CardRow, "activatedAt" | "label" | "pinSetAt">,
): Promise<void> {
  await tx.query(
    `insert into cards (merchant_id, id, customer_id, request_id, program, card_type, colour, issuer_card_id, last4,
       expiry_month, expiry_year, cardholder_name, status, delivery_state, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
     on conflict (merchant_id, request_id) do nothing`,
    [
      card.merchantId,
      card.id,
      card.customerId,
      card.requestId,
      card.program,
      card.cardType,
      card.colour,
      card.issuerCardId,
      card.last4,
      card.expiryMonth,
      card.expiryYear,
      card.cardholderName,
      card.status,
      card.deliveryState,
      card.createdAt,
    ],
  );
  await tx.query(
    `update card_requests set status = 'ISSUED', updated_at = $3 where merchant_id = $1 and id = $2 and status = 'PAID'`,
    [card.merchantId, card.requestId, card.createdAt],
  );
}

const DELIVERY_ORDER = ["ORDER_PENDING", "ORDERED", "IN_DELIVERY", "SUPPORT", "ACTIVATED"];

/** A plastic card's trip moves forward only: a late or repeated callback changes nothing. */
export async function advanceDeliverySql(
  tx: Tx,
  merchantId: string,
  issuerCardId: string,
  state: CardDeliveryState,
  at: Date,
) {
  const earlier = DELIVERY_ORDER.slice(0, DELIVERY_ORDER.indexOf(state));
  await tx.query(
    `update cards set delivery_state = $3, updated_at = $4,
       status = case when $3 = 'SUPPORT' and status = 'ACTIVATION' then 'SUPPORT' else status end
     where merchant_id = $1 and issuer_card_id = $2 and delivery_state = any($5::text[])`,
    [merchantId, issuerCardId, state, at, earlier],
  );
}

export async function insertPricesIfMissing(
  db: Db,
  prices: (typeof cardPrices.$inferInsert)[],
  promos: (typeof cardPromoCodes.$inferInsert)[],
): Promise<void> {
  if (prices.length > 0) await db.insert(cardPrices).values(prices).onConflictDoNothing();
  if (promos.length > 0) await db.insert(cardPromoCodes).values(promos).onConflictDoNothing();
}
